import Glibc
@testable import Playback
import System
import Testing

/// mpv's log lines as reel writes them: one line each, with control characters made visible.
@Suite("The log's lines")
struct LogSinkTests {
    @Test("control characters in a message are escaped, so that reading the log cannot drive a terminal", arguments: [
        ("Title: \u{1B}]0;PWNED\u{07}\u{1B}[2J", "Title: \\u{1b}]0;PWNED\\u{7}\\u{1b}[2J"),
        ("two\nlines", "two\\u{a}lines"),
        ("C1 \u{9B}31m", "C1 \\u{9b}31m"),
        ("del \u{7F}", "del \\u{7f}"),
        ("tab\tkept, café kept", "tab\tkept, café kept"),
    ])
    func escaped(text: String, expected: String) {
        #expect(LogSink.escaped(text) == expected)
    }

    @Test("a recorded message is one line in the file, its own line end kept once")
    func recordedLine() throws {
        let path = "/tmp/reel-logsink-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).log"
        defer { unlink(path) }
        do {
            let sink = try LogSink(path: FilePath(path))
            sink.record(prefix: "cplayer", level: "info", text: "Title: \u{1B}]0;PWNED\u{07}\n")
            sink.record(prefix: "ffmpeg", level: "warn", text: "no line end")
        }
        let bytes = try #require(readFile(path))
        #expect(String(decoding: bytes, as: UTF8.self)
            == "[cplayer] info: Title: \\u{1b}]0;PWNED\\u{7}\n[ffmpeg] warn: no line end\n")
        #expect(!bytes.contains(0x1B))
    }

    private func readFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var out: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = read(fd, &chunk, chunk.count), count > 0 { out += chunk[0..<count] }
        return out
    }
}

/// mpv's refusals of a remote playlist's local entries: one each, however often mpv is asked.
@Suite("The log's refusals")
struct LogSinkRefusalTests {
    @Test("each refused entry counts once, even when mpv is asked to open it again")
    func refusalsOncePerEntry() throws {
        let sink = try LogSink(path: nil)
        for entry in ["/a.mp4", "/b.mp4", "/a.mp4"] {
            sink.record(prefix: "cplayer", level: "info", text: "Playing: \(entry)\n")
            sink.record(prefix: "stream", level: "error", text: "\n")
            sink.record(prefix: "stream", level: "error", text: "Refusing to load potentially unsafe URL from a playlist.\n")
        }
        #expect(sink.takeRefusals().count == 2)
        sink.forgetRefusedEntries()
        sink.record(prefix: "cplayer", level: "info", text: "Playing: /a.mp4\n")
        sink.record(prefix: "stream", level: "error", text: "Refusing to load potentially unsafe URL from a playlist.\n")
        #expect(sink.takeRefusals().count == 1)
    }
}

/// What the log says of a stream the server cut short, and the hints it gives that reel leaves out.
@Suite("The log's stream problems")
struct LogSinkStreamTests {
    @Test("a stream that ends before its length is remembered until FFmpeg reconnects or another file starts")
    func cutShort() throws {
        let sink = try LogSink(path: nil)
        sink.record(prefix: "ffmpeg", level: "error", text: "http: Stream ends prematurely at 433468, should be 1083671\n")
        #expect(sink.streamCutShort == "at 433468, should be 1083671")
        sink.record(prefix: "ffmpeg", level: "warn", text: "http: Will reconnect at 433468 in 0 second(s), error=End of file.\n")
        #expect(sink.streamCutShort == nil)
        sink.record(prefix: "ffmpeg", level: "error", text: "http: Stream ends prematurely at 10, should be 20\n")
        sink.clearProblems()
        #expect(sink.streamCutShort == nil)
    }

    @Test("mpv's hint to use one of its options is no explanation: the problem before it is")
    func optionHint() throws {
        let sink = try LogSink(path: nil)
        sink.record(prefix: "cplayer", level: "error", text: "Cannot seek in this stream.\n")
        sink.record(prefix: "cplayer", level: "error", text: "You can force it with '--force-seekable=yes'.\n")
        #expect(sink.bestExplanation == "Cannot seek in this stream.")
    }
}
