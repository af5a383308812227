/// The titles of the items learnt so far (from mpv, or a probe), by what each item opens, and
/// mpv's title when the current item was asked for: which title the screens show, and whether an
/// item's name in a notice is the one it will keep.
public struct ItemTitles: Sendable, Equatable {
    /// Titles by what the item opens (its mpv name).
    private var known: [String: String] = [:]
    /// mpv's media-title when the current item was asked for: the last item's, until it changes.
    public private(set) var atLoad: String?

    public init() {}

    /// The title learnt for the item that opens `key`.
    public subscript(key: String) -> String? { known[key] }

    /// mpv's title as the current item is asked for (it is still the last item's).
    public mutating func loading(mpvTitle: String?) {
        atLoad = mpvTitle
    }

    /// A probe found `title` for the item that opens `key`: kept unless empty or one is known.
    /// Returns whether it was kept.
    public mutating func found(_ title: String?, of key: String) -> Bool {
        guard let title, !title.isEmpty, known[key] == nil else { return false }
        known[key] = title
        return true
    }

    /// mpv says `title` for the open item that opens `key`: kept (over a probe's) unless it is
    /// empty or only the item's default name (`defaultName`, its file's name).
    public mutating func reported(_ title: String?, of key: String, defaultName: String) {
        guard let title, !title.isEmpty, title != defaultName else { return }
        known[key] = title
    }

    /// The title to show of mpv's `mpvTitle`: while an item opens (or fails to), mpv's title is
    /// still the last item's until the new file is loaded and mpv sends the new one (which may
    /// come after its path and its file-loaded): nil until then, for the item's own name.
    /// `isOpen`: the item plays or is at its end.
    public func shown(_ mpvTitle: String?, isOpen: Bool, fileLoaded: Bool) -> String? {
        if isOpen { return mpvTitle }
        return fileLoaded && mpvTitle != atLoad ? mpvTitle : nil
    }
}
