import Foundation
import Testing

/// reel.conf in the real binary: options from the file take effect under the command line's,
/// --no-config skips it, bad lines stop reel before the terminal is touched, and [keys] bindings
/// work and show in the help.
@Suite("reel.conf end to end", .serialized)
struct ConfigEndToEndTests {
    /// A folder for XDG_CONFIG_HOME holding `text` as reel/reel.conf, removed when the test ends.
    final class ConfigHome {
        let path: String
        var file: String { path + "/reel/reel.conf" }
        var environment: [String: String] { ["XDG_CONFIG_HOME": path] }

        init(_ text: String) throws {
            path = try ReleaseBuild.temporaryFolder("config")
            try FileManager.default.createDirectory(atPath: path + "/reel", withIntermediateDirectories: true)
            try text.write(toFile: path + "/reel/reel.conf", atomically: true, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    /// The long clip paused at 0:30 with `arguments` and the config in `home`.
    static func paused(_ home: ConfigHome, _ arguments: [String] = [], height: Int = 30) throws -> TmuxSession {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--pause", "--start=30"] + arguments + [Paths.sample("long.mp4")],
                                   height: height, environment: home.environment)
        try tmux.waitFor(DoubleTapEndToEndTests.title)
        try DoubleTapEndToEndTests.expectElapsed(tmux, 30)
        return tmux
    }

    @Test("seek-interval=5 in reel.conf makes a double tap show +5 s and skip 5 s")
    func optionFromFile() throws {
        let home = try ConfigHome("# skips of 5 s\nseek-interval=5\n")
        let tmux = try Self.paused(home)
        try tmux.send("Right", "Right")
        try tmux.waitFor("+5 s")
        try DoubleTapEndToEndTests.expectElapsed(tmux, 35)
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("the command line wins over reel.conf, and --no-config skips it", arguments: [
        (["--seek-interval=20"], "+20 s", 50), (["--no-config"], "+10 s", 40),
    ])
    func commandLineWins(arguments: [String], label: String, landing: Int) throws {
        let home = try ConfigHome("seek-interval=5\n")
        let tmux = try Self.paused(home, arguments)
        try tmux.send("Right", "Right")
        try tmux.waitFor(label)
        try DoubleTapEndToEndTests.expectElapsed(tmux, landing)
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a bad line is one error naming file:line and the reason, exit 2, with the terminal never touched", arguments: [
        ("mute\nseek-interval=soon\n", 2, "bad value 'soon' for --seek-interval: expected seconds"),
        ("help\n", 1, "'help' works on the command line only"),
        ("movie.mp4\n", 1, "'movie.mp4' is no option; files and folders go on the command line"),
        ("[keys]\nctrl+up seek 60\nhyper+x quit\n", 3, "unknown key 'hyper+x'"),
        ("[keys]\nw jump 60\n", 2, "unknown command 'jump'"),
        ("\u{1B}]0;pwned\u{07}=1\n", 1, "unknown option '\\u{1b}]0;pwned\\u{7}' (see reel --help)"),
    ])
    func badLines(text: String, line: Int, reason: String) throws {
        let home = try ConfigHome(text)
        let tmux = try TmuxSession([Paths.reel, "--no-audio", Paths.sample("long.mp4")], environment: home.environment)
        #expect(tmux.waitForExit() == 2)
        let lines = tmux.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.hasPrefix("reel: \(home.file):\(line): \(reason)") == true, "\(lines)")
        #expect(!tmux.standardError.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(try tmux.capture().trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "something was drawn")
        try tmux.expectTerminalRestored()
    }

    @Test("a key bound in [keys] runs its command, an ignored key does nothing, and ? shows the bindings")
    func reboundKey() throws {
        let home = try ConfigHome("[keys]\nw seek 45   # 45 s on\nl ignore\n")
        let tmux = try Self.paused(home, ["--hide-delay=60"], height: 45)
        try tmux.send("w")
        try DoubleTapEndToEndTests.expectElapsed(tmux, 75)
        try tmux.send("?")
        let help = try tmux.waitFor("seek 45")
        let row = help.split(separator: "\n").first { $0.contains("seek 45") } ?? ""
        #expect(row.contains(" w "), "the binding's row: \(row)")
        #expect(help.contains("j   ") && !help.contains("j / l"), "l no longer skips:\n\(help)")
        try tmux.send("Escape")
        try tmux.waitForScreen { !$0.contains("seek 45") }
        // l is unbound now: a press does nothing, and w still works after it.
        try tmux.send("l", "w")
        try DoubleTapEndToEndTests.expectElapsed(tmux, 120)
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("--help shows the bindings in force; with --no-config, the standard ones")
    func helpShowsBindings() throws {
        let home = try ConfigHome("seek-interval=5\n[keys]\nw seek 42\n")
        let help = try ReleaseBuild.shell("'\(Paths.reel)' --help", environment: home.environment)
        #expect(help.contains("skip back / forward 5 s at once"))
        #expect(help.split(separator: "\n").contains { $0.hasPrefix("  w ") && $0.hasSuffix("seek 42") }, "\(help)")
        let plain = try ReleaseBuild.shell("'\(Paths.reel)' --help --no-config", environment: home.environment)
        #expect(!plain.contains("seek 42") && plain.contains("skip back / forward 10 s at once"))
    }
}
