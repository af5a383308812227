import Glibc

/// Where mpv's log lines go: a file, or nowhere. Also remembers the latest warnings and errors,
/// so that a failed load can name mpv's specific reason.
final class LogSink {
    private let descriptor: Int32?
    /// A warning or error from mpv's log.
    struct Problem: Equatable {
        var prefix: String
        var isError: Bool
        var text: String
    }

    private(set) var recentProblems: [Problem] = []

    /// Opens `path` for appending, or keeps nothing when `path` is nil.
    init(path: String?) throws(PlaybackError) {
        guard let path else { descriptor = nil; return }
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw PlaybackError.system(call: "open \(path)", errno: errno) }
        descriptor = fd
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    /// Records one line of mpv's log. `level` is mpv's level name.
    func record(prefix: String, level: String, text: String) {
        let line = "[\(prefix)] \(level): \(text)"
        if let descriptor {
            var bytes = Array(line.utf8)
            if bytes.last != 0x0A { bytes.append(0x0A) }
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
        if level == "error" || level == "fatal" || level == "warn" {
            recentProblems.append(Problem(prefix: prefix, isError: level != "warn", text: text.trimmingSuffix()))
            if recentProblems.count > 16 { recentProblems.removeFirst(recentProblems.count - 16) }
        }
    }

    /// Forgets earlier problems, at the start of a new file.
    func clearProblems() { recentProblems.removeAll() }

    /// The line that best explains a failed load: the file layer's own error when there is one
    /// ("Cannot open file '…': Permission denied"), else the player's summary ("Failed to
    /// recognize file format."), else the last error, else the last warning.
    var bestExplanation: String? {
        let errors = recentProblems.filter(\.isError)
        let pick = errors.last { $0.prefix == "file" } ?? errors.last { $0.prefix == "cplayer" } ?? errors.last ?? recentProblems.last
        return pick?.text
    }

    /// Whether the log already holds the player's own summary of a failure, after which nothing
    /// more specific will come.
    var hasConclusiveExplanation: Bool {
        recentProblems.contains { $0.isError && ($0.prefix == "file" || $0.prefix == "cplayer") }
    }
}

private extension String {
    func trimmingSuffix() -> String {
        var text = Substring(self)
        while let last = text.last, last == "\n" || last == " " || last == "\r" { text = text.dropLast() }
        return String(text)
    }
}
