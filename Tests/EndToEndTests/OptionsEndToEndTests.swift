import Foundation
import Testing

/// Options that fail before anything else: each one is a single stderr line with the right exit
/// code, and the terminal is never touched.
@Suite("Options end to end", .serialized)
struct OptionsEndToEndTests {
    /// Runs `arguments`, waits for the exit, and returns the code and the one stderr line.
    func runToExit(_ arguments: [String], environment: [String: String] = [:]) throws -> (code: Int32?, line: String, tmux: TmuxSession) {
        let tmux = try TmuxSession(arguments, environment: environment)
        let code = tmux.waitForExit(timeout: 5)
        let lines = tmux.standardError.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(tmux.standardError)")
        return (code, String(lines.first ?? ""), tmux)
    }

    @Test("a log file that cannot be opened is a usage error naming the log, not the video")
    func unwritableLogFile() throws {
        let media = Paths.sample("demo.mp4")
        let (code, line, tmux) = try runToExit([Paths.reel, "--log-file=/nonexistent/dir/x.log", media])
        #expect(code == 2, "stderr: \(line)")
        #expect(line.contains("/nonexistent/dir/x.log") && line.contains("No such file or directory"), "\(line)")
        #expect(!line.contains("demo.mp4"), "the line blames the video: \(line)")
        try tmux.expectTerminalRestored()
        #expect(try tmux.capture().trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "the screen was drawn on")
    }

    @Test("the check of the log file keeps an existing log's contents")
    func existingLogKept() throws {
        let earlier = "# reel log · pid 1\nearlier run\n"
        let log = Fixtures.write("kept.log", Array(earlier.utf8))
        let (code, line, _) = try runToExit([Paths.reel, "--log-file=\(log)", "/nonexistent/reel/missing.mp4"])
        #expect(code == 1 && line.contains("missing.mp4"), "\(line)")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == earlier)
    }

    @Test("a negative --seek-interval is refused with exit 2")
    func negativeSeekInterval() throws {
        let (code, line, _) = try runToExit([Paths.reel, "--seek-interval=-10", Paths.sample("demo.mp4")])
        #expect(code == 2)
        #expect(line.contains("--seek-interval") && line.contains("-10"), "\(line)")
    }

    @Test("help and version that cannot be written exit 1 with one line", arguments: ["--help", "--version"])
    func unwritableOutput(option: String) throws {
        let (code, line, _) = try runToExit(["/bin/sh", "-c", "exec \"$0\" \"$1\" > /dev/full", Paths.reel, option])
        #expect(code == 1)
        #expect(line.hasPrefix("reel: cannot write the ") && line.contains("No space left on device"), "\(line)")
    }

    @Test("a terminal that cannot draw is one line and exit 1, before the terminal is touched", arguments: [
        ["TERM=dumb"], ["TERM="], ["-u", "TERM"],
    ])
    func textOnlyTerminal(setting: [String]) throws {
        let (code, line, tmux) = try runToExit(["/usr/bin/env"] + setting + [Paths.reel, Paths.sample("demo.mp4")])
        #expect(code == 1)
        #expect(line.hasPrefix("reel: this terminal (TERM") && line.contains("cannot show video") && line.contains("--colors"), "\(line)")
        try tmux.expectTerminalRestored()
        #expect(try tmux.capture().trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "the screen was drawn on")
    }

    @Test("with --colors given, reel draws even where TERM=dumb")
    func colorsOverridesDumb() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--colors=256", Paths.sample("long.mp4")], environment: ["TERM": "dumb"])
        try tmux.waitFor("Long clip for seeking")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0, "stderr: \(tmux.standardError)")
        try tmux.expectTerminalRestored()
    }
}
