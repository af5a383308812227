import Playback
import System

/// One entry of the session's playlist, as the app knows it.
public struct PlaylistItem: Equatable {
    public var source: MediaSource
    /// The name shown until mpv knows a title: the file name (or its path below the folder given),
    /// the URL's last path part, decoded, or "standard input".
    public var name: String
    /// An entry a playlist file listed, not a path given to reel: a FIFO there is not opened.
    var isPlaylistEntry = false
    var isFromClient = false
    /// An entry of a playlist from the network (or of one that such a playlist listed): it may
    /// open network URLs only.
    public var isFromNetworkPlaylist = false

    public init(source: MediaSource, name: String? = nil) {
        self.source = source
        self.name = name ?? PlaylistItem.defaultName(of: source)
    }

    /// The key of its resume record: the absolute path or the URL; nil for standard input.
    public var resumeKey: String? {
        switch source {
        case .file, .url: source.mpvName
        case .standardInput: nil
        }
    }

    /// The name for a source: a path's last part, a URL's last path part with %XX decoded (or its
    /// host; never its user, password or query), "standard input".
    public static func defaultName(of source: MediaSource) -> String {
        switch source {
        case .file(let path): return path.lastComponent.description
        case .standardInput: return "standard input"
        case .url(let url):
            let decoded = PathEncoding.displayName(ResumeRecord.percentDecodedLoosely(DisplayURL.lastPart(of: url).text))
            return decoded.isEmpty ? DisplayURL.withoutSecrets(url) : decoded
        }
    }

    /// The item for mpv's playlist entry `filename`: an expanded playlist's entry, or with
    /// `fromClient` a file a client of the IPC socket loaded.
    public init(mpvFilename filename: String, title: String?, fromClient: Bool = false) {
        let source: MediaSource = MediaSource.hasScheme(filename) ? .url(filename) : (filename == "-" ? .standardInput : .file(FilePath(filename)))
        self.init(source: source, name: title.flatMap { $0.isEmpty ? nil : $0 })
        isPlaylistEntry = !fromClient
        isFromClient = fromClient
    }

    /// Why the item must not open, or nil: a FIFO that a playlist lists, or that a client
    /// loaded, would hold mpv's open for ever (a path given on the command line is the user's
    /// own pipe, and is read).
    public var refusal: String? {
        guard isPlaylistEntry || isFromClient, let path = source.absolutePath, (try? FileSystem.status(path))?.kind == .fifo else { return nil }
        return isFromClient ? "a FIFO loaded through the IPC socket is not opened (mpv would wait on it for ever)"
            : "a FIFO listed in a playlist is not opened"
    }
}

extension ResumeRecord {
    /// `%XX` decoded where it is well formed; anything else kept as it is.
    static func percentDecodedLoosely(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var index = 0
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x41...0x46: byte - 0x41 + 10
            case 0x61...0x66: byte - 0x61 + 10
            default: nil
            }
        }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return PathEncoding.string(fromBytes: out)
    }
}
