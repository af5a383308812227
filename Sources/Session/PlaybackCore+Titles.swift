/// The items' titles: learnt from mpv while an item is open, or from a probe, and the one shown.
extension PlaybackCore {
    /// An item is asked of mpv, whose title is `mpvTitle` (still the last item's).
    public mutating func loading(mpvTitle: String?) {
        titles.loading(mpvTitle: mpvTitle)
    }

    /// mpv says `title` for the current item, which opens `key`: kept once the item is open.
    public mutating func titleReported(_ title: String?, of key: String, defaultName: String) {
        guard session.isReady else { return }
        titles.reported(title, of: key, defaultName: defaultName)
    }

    /// A probe found `title` for the item that opens `key`; whether it was kept (the status is
    /// then to be rebuilt).
    public mutating func titleFound(_ title: String?, of key: String) -> Bool {
        titles.found(title, of: key)
    }

    /// The title the screens show of mpv's `mpvTitle` in the item's phase (``ItemTitles/shown(_:isOpen:fileLoaded:)``).
    public func shownTitle(_ mpvTitle: String?) -> String? {
        let isOpen = switch session.phase {
        case .playing, .ended: true
        default: false
        }
        return titles.shown(mpvTitle, isOpen: isOpen, fileLoaded: session.isFileLoaded)
    }
}
