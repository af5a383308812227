/// The items' titles: learnt from mpv while an item is open, or from a probe (``Event/titleReported(_:key:defaultName:)``,
/// ``Event/titleFound(_:key:)``), and the one shown.
extension PlaybackCore {
    /// The title the screens show of mpv's `mpvTitle` in the item's phase (``ItemTitles/shown(_:isOpen:fileLoaded:)``).
    public func shownTitle(_ mpvTitle: String?) -> String? {
        let isOpen = switch session.phase {
        case .playing, .ended: true
        default: false
        }
        return titles.shown(mpvTitle, isOpen: isOpen, fileLoaded: session.isFileLoaded)
    }
}
