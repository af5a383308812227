import CMpv
import Media
import System

/// What to open: a file, a URL, or standard input.
public enum MediaSource: Sendable, Hashable {
    /// A local file, by path.
    case file(FilePath)
    /// A URL with a scheme mpv reads, such as `https://…` or an HLS playlist.
    case url(String)
    /// Standard input (`-`).
    case standardInput

    /// Reads a command-line argument: `-` is standard input, `scheme://…` a URL, anything else a
    /// path.
    public init(argument: String) {
        if argument == "-" {
            self = .standardInput
        } else if MediaSource.hasScheme(argument) {
            self = .url(argument)
        } else {
            self = .file(FilePath(argument))
        }
    }

    /// Whether `text` starts with a URL scheme and `://`.
    public static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    /// What mpv is given: an absolute path (so that a path is never read as a protocol), the URL,
    /// or `-`.
    public var mpvName: String {
        switch self {
        case .file(let path): MpvPlayer.absolutePath(path).text
        case .url(let url): url
        case .standardInput: "-"
        }
    }

    /// A local file's absolute path (what mpv opens); nil for a URL or standard input.
    public var absolutePath: FilePath? {
        if case .file(let path) = self { MpvPlayer.absolutePath(path) } else { nil }
    }

    /// Whether it is a URL of a network protocol (``isNetworkURL(_:)``).
    public var isNetworkURL: Bool { if case .url(let url) = self { MediaSource.isNetworkURL(url) } else { false } }

    /// Whether `text` is a URL of a network protocol: what mpv lets a playlist from the network
    /// open. Everything else, local paths and mpv's special protocols (`memory://`, `null://`,
    /// `edl://`, `av://`, `smb://`, `udp://`, `bd://`, `cdda://`…), such a playlist may not open.
    public static func isNetworkURL(_ text: String) -> Bool {
        guard hasScheme(text), let colon = text.firstIndex(of: ":") else { return false }
        return networkSchemes.contains(text[..<colon].lowercased())
    }

    /// The protocols of FFmpeg's that mpv counts as network ones, and that it opens from a
    /// playlist from the network.
    static let networkSchemes: Set<String> = [
        "http", "https", "rtmp", "rtmpe", "rtmps", "rtmpt", "rtmpte", "rtmpts", "rtsp", "rtsps", "rtp",
        "srt", "srtp", "mmsh", "mmst", "gopher", "gophers",
    ]
}

extension MpvPlayer {
    /// Opens `source` in place of what plays and of mpv's whole playlist (a playlist file then
    /// becomes its entries).
    public func open(_ source: MediaSource) throws(MpvError) {
        try handle.command(["loadfile", source.mpvName, "replace"])
    }

    /// Starts (or restarts) the playlist entry at `index`, replacing what plays.
    public func playEntry(at index: Int) throws(MpvError) {
        try handle.command(["playlist-play-index", String(index)])
    }

    /// Stops playback and keeps the playlist: mpv goes idle, and any open that is under way is
    /// cancelled (a stream that never answers lets go at once).
    public func stopKeepingPlaylist() throws(MpvError) {
        try handle.command(["stop", "keep-playlist"])
    }

    /// The id the `on_load` hook is registered with.
    static let loadHookID: UInt64 = 1 << 62

    /// Lets the file whose ``PlayerEvent/loadHook(id:)`` came open.
    public func continueLoad(hook id: UInt64) {
        _ = mpv_hook_continue(handle.raw, id)
    }

    /// Sets an option for the file about to open only (mpv's `file-local-options/NAME`); call it
    /// from the load hook. Values are reel's own formatted numbers and ids, never user text.
    public func setFileLocalOption(_ name: String, _ value: String) throws(MpvError) {
        try handle.setProperty("file-local-options/" + name, value)
    }

    /// Makes the file about to open (during the load hook) fail at once instead: mpv opens an
    /// empty stream in its place, which has nothing to play.
    public func refuseOpening() throws(MpvError) {
        try handle.setProperty("stream-open-filename", "null://")
    }

    /// The file mpv is about to open, during the load hook.
    public var openingFilename: String? { handle.string("stream-open-filename") }
}

extension MpvPlayer {
    /// A property's value as mpv prints it, for checks and diagnostics.
    public func property(_ name: String) -> String? { handle.string(name) }

    /// mpv's playlist as it is now, read an entry at a time (`playlist/N`, a small map each),
    /// so that no copy of the whole list is ever made in mpv and memory stays with what reel
    /// keeps of it: 100,000 entries cost 185 MB at the peak against 447 MB observed as a node.
    func readPlaylist() -> [PlaylistEntry] {
        let count = Int(clamping: max(handle.int64("playlist-count") ?? 0, 0))
        var entries: [PlaylistEntry] = []
        entries.reserveCapacity(count)
        for index in 0..<count {
            // An entry gone meanwhile (a client of the socket edits the list): the next change says so.
            guard let entry = handle.withNode("playlist/\(index)", PlaylistEntry.init(map:)) else { break }
            entries.append(entry)
        }
        playlistEntriesRead += entries.count
        return entries
    }
}

extension PlaylistEntry {
    /// Reads one entry of `playlist`: a map with `filename`, `title`, `id` and `playing`; nil
    /// without a file name.
    init?(map node: mpv_node) {
        guard node.format == MPV_FORMAT_NODE_MAP, let map = node.u.list?.pointee else { return nil }
        self.init(filename: "")
        var hasName = false
        for field in 0..<Int(max(map.num, 0)) {
            guard let key = map.keys?[field], let value = map.values?[field] else { continue }
            switch String(cString: key) {
            case "filename" where value.format == MPV_FORMAT_STRING:
                filename = value.u.string.map { FilePath(cString: $0).text } ?? ""
                hasName = true
            case "title" where value.format == MPV_FORMAT_STRING:
                title = value.u.string.map { String(cString: $0) }
            case "id" where value.format == MPV_FORMAT_INT64:
                id = Int(clamping: value.u.int64)
            case "playing" where value.format == MPV_FORMAT_FLAG:
                isPlaying = value.u.flag != 0
            default: break
            }
        }
        guard hasName else { return nil }
    }
}
