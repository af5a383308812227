import Media
import Playback
import Screens
import System
import TextSearch

/// Reads a subtitle track's lines for the jump to a line: FFmpeg, in a child process, turns the
/// track (inside the file, or a separate file) into SubRip, which this parses.
///
/// mpv's client API gives the line showing now (`sub-text`), not a track's lines, so reel asks
/// the FFmpeg that is installed beside it. It runs on a ``BackgroundJob``: playback goes on. A
/// URL with a secret reaches FFmpeg on its standard input, never its command line
/// (``FFmpegInput``).
public enum SubtitleLineReader {
    /// The lines of `track` of `source`, or nil with the reason.
    public static func read(_ source: MediaSource, track: Track) -> (lines: [SubtitleLine]?, failure: String?) {
        let name: String, map: String
        if let external = track.externalFile {
            (name, map) = (external, "0:s:0")
        } else if let index = track.streamIndex {
            switch source {
            case .standardInput: return (nil, "Standard input cannot be read a second time for its subtitles")
            case .file, .url: (name, map) = (source.mpvName, "0:\(index)")
            }
        } else {
            return (nil, "mpv does not say where this track's lines are")
        }
        guard let input = FFmpegInput(name) else { return (nil, "FFmpeg cannot be given this URL without showing its secrets") }
        // -copyts: the times as the file has them, not moved to start at 0.
        let arguments = ["ffmpeg", "-nostdin", "-hide_banner", "-v", "error", "-copyts"] + input.arguments
            + ["-map", map, "-c:s", "srt", "-f", "srt", "-"]
        guard let output = ChildProcess.output(of: arguments, input: input.standardInput, timeout: 30, maxBytes: 32 << 20) else {
            return (nil, "FFmpeg could not read the track's lines")
        }
        // mpv counts time from the file's start (rebase-start-time); FFmpeg keeps the stream's own.
        let offset = track.externalFile == nil ? startTime(of: input) : 0
        // Each line is folded for the search as it is made, here off the loop: move it, not remake it.
        return (parseSubRip(String(decoding: output, as: UTF8.self)).map { line in
            var moved = line
            moved.start = max(line.start - offset, 0)
            return moved
        }, nil)
    }

    /// Where `input` starts, in seconds, as FFmpeg sees it (`format=start_time`); 0 if unknown,
    /// and for a concat list, which starts its file at 0 already (``FFmpegInput/startsAtZero``).
    static func startTime(of input: FFmpegInput) -> Double {
        guard !input.startsAtZero else { return 0 }
        let arguments = ["ffprobe", "-v", "error", "-show_entries", "format=start_time", "-of", "csv=p=0"] + input.arguments
        guard let output = ChildProcess.output(of: arguments, input: input.standardInput, timeout: 10, maxBytes: 4096),
              let start = Double(String(decoding: output, as: UTF8.self).trimmingSpaces.filter { !$0.isNewline }),
              start.isFinite, start > 0 else { return 0 }
        return start
    }

    /// The cues of a SubRip text: each start time, and its text on one line, without the tags
    /// FFmpeg keeps from ASS (`{\an8}`) or SubRip's own (`<i>`). Cues with no text are left out.
    static func parseSubRip(_ text: String) -> [SubtitleLine] {
        var lines: [SubtitleLine] = []
        // "\r\n" is one Character in Swift: split on both.
        let rows = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        var index = 0
        while index < rows.count {
            guard let arrow = rows[index].firstRange(of: " --> "), let start = time(rows[index][..<arrow.lowerBound]) else {
                index += 1
                continue
            }
            index += 1
            var words: [String] = []
            while index < rows.count, !rows[index].isEmpty {
                let clean = stripTags(String(rows[index]))
                if !clean.isEmpty { words.append(clean) }
                index += 1
            }
            if !words.isEmpty { lines.append(SubtitleLine(start: start, text: words.joined(separator: " "))) }
        }
        return lines.sorted { $0.start < $1.start }
    }

    /// `01:02:03,456` in seconds.
    public static func time(_ text: Substring) -> Double? {
        let parts = text.trimmingSpaces.split(whereSeparator: { $0 == ":" || $0 == "," || $0 == "." })
        guard parts.count == 4, let hours = Int(parts[0]), let minutes = Int(parts[1]), let seconds = Int(parts[2]),
              let millis = Int(parts[3]) else { return nil }
        return Double(hours * 3600 + minutes * 60 + seconds) + Double(millis) / 1000
    }

    /// `text` without `{…}` and `<…>` tags, `\N` as a space, and runs of spaces as one.
    static func stripTags(_ text: String) -> String {
        var result = "", depth: Character? = nil
        for character in text.replacingBackslashBreaks {
            if let open = depth {
                if (open == "{" && character == "}") || (open == "<" && character == ">") { depth = nil }
                continue
            }
            if character == "{" || character == "<" { depth = character; continue }
            if character == " ", result.last == " " { continue }
            result.append(character)
        }
        return String(result.trimmingSpaces)
    }
}

private extension StringProtocol {
    var trimmingSpaces: SubSequence {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" }.map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }

    /// ASS's `\N` and `\n` line breaks as spaces.
    var replacingBackslashBreaks: String {
        var out = "", previous: Character?
        for character in self {
            if previous == "\\", character == "N" || character == "n" { out.removeLast(); out.append(" ") } else { out.append(character) }
            previous = character
        }
        return out
    }
}
