import System

/// Where mpv's log lines go: a file, or nowhere. Also remembers the latest warnings and errors,
/// so that a failed load can name mpv's specific reason.
final class LogSink {
    private let descriptor: FileDescriptor?
    /// A warning or error from mpv's log.
    struct Problem: Equatable {
        var prefix: String
        var isError: Bool
        var text: String
    }

    private(set) var recentProblems: [Problem] = []
    /// The playlist entries refused since the last ``takeRefusals()`` (an unsafe entry left out).
    private(set) var refusals: [String] = []
    /// The entries refused so far (by mpv's "Playing: …" line before each refusal): mpv may be
    /// asked to open a refused entry again, and it is still one entry left out.
    private var refusedEntries: Set<String> = []
    /// The entry mpv said it is playing last.
    private var playingEntry = ""
    /// Parts of a stream FFmpeg could not fetch and went past (an HLS segment that failed or
    /// timed out), since the last ``takeSkippedParts()``.
    private(set) var skippedParts = 0
    /// The segments FFmpeg said it failed to open, by their words ("segment 2 of playlist 0"):
    /// FFmpeg tries one again several times, and each is one part.
    private var failedSegments: Set<String> = []
    /// The file or stream of the item opening is open and being read (mpv began to probe its
    /// format): for a stream, the server answered.
    private(set) var isReading = false
    /// FFmpeg's words when the server closed the stream before the length it announced
    /// ("at 433468, should be 1083671"), unless it then reconnected.
    private(set) var streamCutShort: String?

    /// Opens `path` for appending, or keeps nothing when `path` is nil.
    init(path: FilePath?) throws(SystemError) {
        descriptor = try path.map { path throws(SystemError) in try FileSystem.openForAppending(path) }
    }

    /// Records one line of mpv's log. `level` is mpv's level name.
    func record(prefix: String, level: String, text: String) {
        if let descriptor {
            let line = "[\(LogSink.escaped(prefix))] \(level): \(LogSink.escaped(text.trimmingLineEnd()))\n"
            try? descriptor.writeAll(Array(line.utf8))
        }
        if prefix == "cplayer", text.hasPrefix("Playing: ") { playingEntry = text.trimmingSuffix() }
        if text.hasPrefix(LogSink.refusalText) { leaveOut(playingEntry) }
        if text.hasPrefix("hls: Failed to open segment"), failedSegments.insert(text.trimmingSuffix()).inserted { skippedParts += 1 }
        if prefix == "demux", text.hasPrefix("Trying demuxers") { isReading = true }
        if prefix == "ffmpeg", let end = text.endOfLast("Stream ends prematurely ") { streamCutShort = String(text[end...]).trimmingSuffix() }
        if prefix == "ffmpeg", text.contains("Will reconnect at") { streamCutShort = nil }
        // mpv's hints name its own options ("You can force it with '--force-seekable=yes'."),
        // which reel does not take: they explain nothing to reel's user.
        if text.hasPrefix(LogSink.optionHint) { return }
        if level == "error" || level == "fatal" || level == "warn", !text.trimmingSuffix().isEmpty {
            recentProblems.append(Problem(prefix: prefix, isError: level != "warn", text: text.trimmingSuffix()))
            if recentProblems.count > 16 { recentProblems.removeFirst(recentProblems.count - 16) }
        }
    }

    /// `text` with every control character but tab written as `\u{1b}`, so that a log read with
    /// `cat` or `tail -f` on a terminal shows a hostile title's escape codes instead of obeying
    /// them, and each message stays one line.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09: out.unicodeScalars.append(scalar)
            case 0..<0x20, 0x7F, 0x80..<0xA0: out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Forgets earlier problems, and that a file was being read, at the start of a new file.
    func clearProblems() {
        recentProblems.removeAll()
        failedSegments.removeAll()
        isReading = false
        streamCutShort = nil
    }

    /// How mpv's hints that suggest one of its options begin.
    static let optionHint = "You can force it with"

    /// The parts of a stream skipped since the last call.
    func takeSkippedParts() -> Int {
        defer { skippedParts = 0 }
        return skippedParts
    }

    /// How mpv's refusal of a remote playlist's local entry begins.
    public static let refusalText = "Refusing to load potentially unsafe URL from a playlist"

    /// Counts `entry` as refused, once: mpv refused it, or reel did before mpv opened it.
    func leaveOut(_ entry: String) {
        if refusedEntries.insert(entry).inserted { refusals.append(entry) }
    }

    /// Forgets which entries were refused: a new playlist is given to mpv.
    func forgetRefusedEntries() { refusedEntries.removeAll() }

    /// The refusals since the last call.
    func takeRefusals() -> [String] {
        defer { refusals.removeAll() }
        return refusals
    }

    /// The line that best explains a failed load: the file layer's own error when there is one
    /// ("Cannot open file '…': Permission denied"), else the player's summary ("Failed to
    /// recognize file format."), else the last error, else the last warning.
    var bestExplanation: String? {
        let errors = recentProblems.filter(\.isError)
        if let file = errors.last(where: { $0.prefix == "file" }) { return file.text }
        // A remote playlist's local entry: the refusal, not the hint after it.
        if let refusal = errors.last(where: { $0.text.hasPrefix(LogSink.refusalText) }) { return refusal.text }
        // The network layer's own reason, in a few words: "Connection refused", "HTTP 404 Not Found".
        // ffmpeg reports some of these as warnings ("HTTP error 404" is one).
        if let network = recentProblems.last(where: { $0.prefix == "ffmpeg" && LogSink.networkReason($0.text) != nil }) {
            return LogSink.networkReason(network.text)
        }
        let pick = errors.last { $0.prefix == "cplayer" } ?? errors.last ?? recentProblems.last
        return pick?.text
    }

    /// The reason in one of ffmpeg's network errors: "tcp: Connection to … failed: Connection
    /// refused" gives "Connection refused"; "http: HTTP error 404 Not Found" gives "HTTP 404 Not Found".
    static func networkReason(_ text: String) -> String? {
        if let end = text.endOfLast("HTTP error ") { return "HTTP " + text[end...] }
        if text.hasPrefix("tcp:") || text.hasPrefix("tls:") || text.hasPrefix("http:") || text.hasPrefix("https:") {
            if let end = text.endOfLast("failed: ") { return String(text[end...]) }
            return String(text.drop { $0 != ":" }.dropFirst().drop { $0 == " " })
        }
        return nil
    }

    /// Whether the log already holds the player's own summary of a failure, after which nothing
    /// more specific will come.
    var hasConclusiveExplanation: Bool {
        recentProblems.contains { $0.isError && ($0.prefix == "file" || $0.prefix == "cplayer") }
    }
}

private extension String {
    /// Where the last occurrence of `needle` ends, or nil.
    func endOfLast(_ needle: String) -> String.Index? {
        var found: String.Index?
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(needle) { found = self.index(index, offsetBy: needle.count) }
            index = self.index(after: index)
        }
        return found
    }

    /// Without the one line feed mpv ends each message with.
    func trimmingLineEnd() -> String { unicodeScalars.last == "\n" ? String(unicodeScalars.dropLast()) : self }

    func trimmingSuffix() -> String {
        var text = Substring(self)
        while let last = text.last, last == "\n" || last == " " || last == "\r" { text = text.dropLast() }
        return String(text)
    }
}
