import History
import Playback

/// How a helper FFmpeg (or ffprobe) is told what to open, so that no secret reaches a command
/// line: every local user reads those in `ps` (`/proc/PID/cmdline`).
///
/// A local path, or a URL with nothing to hide, is the argument of `-i`, as it always was. A URL
/// that carries a secret (a user name and password, a query string such as `?sig=…`, a
/// fragment: whatever ``DisplayURL/withoutSecrets(_:)`` leaves out) goes in a concat list of one
/// entry (FFmpeg's `ffconcat`) on the child's standard input, a socket that only reel and the
/// child hold, and the command line reads `-f concat -safe 0 -i pipe:0`.
public struct FFmpegInput: Equatable {
    /// The arguments that name the input, from the protocol options to the `-i` and its value.
    var arguments: [String]
    /// What the child reads on its standard input; nil for none.
    var standardInput: [UInt8]?

    /// The protocols the concat list may open, beside the URL's own scheme: the list's pipe and
    /// what FFmpeg lets an `http` URL open beneath it (its `default_whitelist`), since a list read
    /// from a pipe would allow only `crypto` and `data`.
    static let protocols = ["pipe", "http", "https", "tls", "rtp", "tcp", "udp", "crypto", "httpproxy", "data"]

    /// The input for `name` (a path or a URL, as mpv was given it); nil for a URL with a secret
    /// that a concat list cannot carry (a line break in it).
    init?(_ name: String) {
        guard MediaSource.hasScheme(name), DisplayURL.withoutSecrets(name) != name, let colon = name.firstIndex(of: ":") else {
            self.init(arguments: ["-i", name], standardInput: nil)
            return
        }
        guard !name.contains(where: { $0.isNewline }) else { return nil }
        let scheme = name[..<colon].lowercased()
        let whitelist = Self.protocols + (Self.protocols.contains(scheme) ? [] : [scheme])
        // In single quotes nothing is special but the quote itself, which closes, is escaped, and opens again.
        let quoted = "'" + name.replacing("'", with: #"'\''"#) + "'"
        self.init(arguments: ["-protocol_whitelist", whitelist.joined(separator: ","), "-f", "concat", "-safe", "0", "-i", "pipe:0"],
                  standardInput: Array("ffconcat version 1.0\nfile \(quoted)\n".utf8))
    }

    init(arguments: [String], standardInput: [UInt8]?) {
        self.arguments = arguments
        self.standardInput = standardInput
    }

    /// Whether the times FFmpeg reads already count from the file's start: a concat list moves
    /// its entry's start (the container's `start_time`) to 0, as mpv does, where a file named
    /// directly keeps the stream's own times.
    var startsAtZero: Bool { standardInput != nil }
}
