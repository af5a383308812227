@testable import Commands
@testable import Options
import Playback
import Foundation
import Screens
import Terminal
import Testing
import System

@Suite("reel.conf")
struct ConfigFileTests {
    static func parse(_ text: String) throws(ConfigError) -> ConfigFile { try ConfigFile.parse(text, path: "/c/reel.conf") }

    /// The error the text gives: its line, and its description.
    static func failure(_ text: String) -> (line: Int?, text: String)? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return (error.line, error.description)
        }
    }

    @Test("options read as the command line's, as name=value or a flag's name, with comments and blanks")
    func options() throws {
        let config = try Self.parse("""
            # my settings
            seek-interval=5
              blitter = quadrant   # sharper

            mute
            no-resume
            colors=256 # a comment
            log-file="/tmp/a b.log"
            --volume=40
            sub-file=/x/one.srt
            sub-file=/x/two.srt\r
            """)
        var expected = ReelOptions()
        expected.player.skips.interval = 5
        expected.blitter = .quadrant
        expected.mpv.mute = true
        expected.resume = false
        expected.colors = .palette256
        expected.colorsGiven = true  // chosen in reel.conf: it draws even where TERM is dumb
        expected.mpv.logFile = "/tmp/a b.log"
        expected.mpv.volume = 40
        expected.mpv.tracks.subtitleFiles = ["/x/one.srt", "/x/two.srt"]
        #expect(config.options == expected)
        #expect(config.bindings.isEmpty)
    }

    @Test("colors=256#not a comment keeps the # only where no space comes before it")
    func commentNeedsSpace() {
        #expect(Self.failure("colors=256#x")?.text == "/c/reel.conf:1: bad value '256#x' for --colors: expected auto, truecolor or 256")
    }

    @Test("[keys] lines bind keys as mpv's input.conf does")
    func bindings() throws {
        let config = try Self.parse("""
            [keys]
            ctrl+up seek 60   # a minute
            s ignore
            w   cycle sub
            """)
        #expect(config.bindings == [
            .init(key: KeyEvent(.up, .ctrl), command: .seek(60, .relative), line: 2),
            .init(key: KeyEvent(.character("s")), command: .ignore, line: 3),
            .init(key: KeyEvent(.character("w")), command: .cycleSubtitles(forward: true), line: 4),
        ])
        let table = config.bound(.standard())
        #expect(table.command(for: KeyEvent(.up, .ctrl), on: .player) == .seek(60, .relative))
        #expect(table.command(for: KeyEvent(.character("s")), on: .player) == nil)
        #expect(table.command(for: KeyEvent(.character("w")), on: .player) == .cycleSubtitles(forward: true))
        #expect(table.helpRows(for: .player).contains { $0.keys == "Ctrl+↑" && $0.help == "seek 60" })
    }

    @Test("a bad line is one error naming file:line and the reason", arguments: [
        ("volume=200", 1, "bad value '200' for --volume: expected a volume from 0 to 130"),
        ("mute\nfrobnicate=1", 2, "unknown option 'frobnicate' (see reel --help)"),
        ("help", 1, "'help' works on the command line only"),
        ("version", 1, "'version' works on the command line only"),
        ("no-config", 1, "'no-config' works on the command line only"),
        ("man", 1, "'man' works on the command line only"),
        ("movie.mp4", 1, "'movie.mp4' is no option; files and folders go on the command line"),
        ("start", 1, "option 'start' needs a value (see reel --help)"),
        ("no-audio=yes", 1, "option 'no-audio' takes no value, got 'yes'"),
        ("mute=perhaps", 1, "bad value 'perhaps' for mute: expected yes or no"),
        ("no-mute=yes", 1, "option 'no-mute' takes no value, got 'yes'"),
        ("[input]", 1, "unknown section '[input]' (reel.conf has options, then [keys])"),
        ("[keys]\nhyper+x quit", 2, "unknown key 'hyper+x' (key names are mpv's: a, SPACE, ctrl+UP, PGDWN, F5)"),
        ("[keys]\n\n# c\nx jump 5", 4, "unknown command 'jump'"),
        ("[keys]\nx seek", 2, "'seek' needs an argument"),
        ("[keys]\nx", 2, "no command for 'x' (to unbind it: x ignore)"),
        ("[keys]\nseek-interval=5", 2, "unknown key 'seek-interval=5' (key names are mpv's: a, SPACE, ctrl+UP, PGDWN, F5)"),
    ])
    func errors(text: String, line: Int, reason: String) {
        #expect(Self.failure(text)?.line == line)
        #expect(Self.failure(text)?.text == "/c/reel.conf:\(line): \(reason)")
    }

    @Test("error lines never carry control characters, from the file or its path")
    func inertErrors() {
        let hostile = "\u{1B}]0;pwned\u{07}"
        for text in ["\(hostile)=1", "colors=\(hostile)", "[keys]\n\(hostile) quit", "[keys]\nx \(hostile)", "[\(hostile)]"] {
            let line = Self.failure(text)?.text ?? ""
            #expect(!line.isEmpty && !line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(line)")
        }
        let error = ConfigError(path: "/c/\u{1B}[2J.conf", line: 1, reason: .unknownOption("x"))
        #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test("the file is $XDG_CONFIG_HOME/reel/reel.conf, else ~/.config/reel/reel.conf")
    func paths() {
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/reel/reel.conf")
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]) == "/h/.config/reel/reel.conf")
        #expect(ConfigFile.defaultPath(environment: [:]) == nil)
    }

    @Test("the example the man page shows is a good file")
    func example() throws {
        let config = try Self.parse(HelpText.exampleConfig)
        #expect(config.options.player.skips.interval == 5 && config.bindings.count == 4)
    }

    @Test("README's example reel.conf is a good file")
    func readmeExample() throws {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        let readme = try String(contentsOf: url.appendingPathComponent("README.md"), encoding: .utf8)
        let parts = readme.components(separatedBy: "```ini\n")
        try #require(parts.count == 2, "README has one ```ini block: the example reel.conf")
        let example = parts[1].components(separatedBy: "```")[0]
        let config = try Self.parse(example)
        #expect(!config.bindings.isEmpty && config.options != ReelOptions())
    }
}

@Suite("Settings: reel.conf under the command line", .serialized)
struct SettingsTests {
    /// Runs `body` with a fresh XDG_CONFIG_HOME holding `text` as reel/reel.conf (none when nil).
    static func withConfig<R>(_ text: String?, _ body: ([String: String]) throws -> R) throws -> R {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("reel-settings-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: base) }
        let folder = base.appendingPathComponent("reel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let text { try text.write(to: folder.appendingPathComponent("reel.conf"), atomically: true, encoding: .utf8) }
        return try body(["XDG_CONFIG_HOME": base.path, "HOME": "/nonexistent"])
    }

    @Test("~/ in reel.conf's paths and the command line's is $HOME's, not a folder named ~")
    func homeInPaths() throws {
        try Self.withConfig("screenshot-directory=~/Pictures/reel\nlog-file=~/reel.log\n") { environment in
            var environment = environment
            environment["HOME"] = "/home/me"
            let (options, _) = try ReelOptions.settings(["--sub-file=~/subs/a.srt", "f"], environment: environment)
            #expect(options.screenshotDirectory == FilePath("/home/me/Pictures/reel"))
            #expect(options.mpv.logFile == FilePath("/home/me/reel.log"))
            #expect(options.mpv.tracks.subtitleFiles == [FilePath("/home/me/subs/a.srt")])
            environment["HOME"] = nil
            #expect(throws: ConfigError.self) { try ReelOptions.settings(["f"], environment: environment) }
        }
    }

    @Test("the file's options apply, and the command line wins over them")
    func commandLineWins() throws {
        try Self.withConfig("seek-interval=5\nmute\n") { environment in
            let (options, commands) = try ReelOptions.settings(["f"], environment: environment)
            #expect(options.player.skips.interval == 5 && options.mpv.mute)
            #expect(commands.helpRows(for: .player).contains { $0.help.contains("skip back / forward 5 s at once") })
            let (overridden, _) = try ReelOptions.settings(["--seek-interval=20", "--no-mute", "f"], environment: environment)
            #expect(overridden.player.skips.interval == 20 && !overridden.mpv.mute)
        }
    }

    @Test("keys=mpv in the file gives mpv's keys, [keys] lines still win over them, and --help lists the map in force")
    func mpvKeys() throws {
        try Self.withConfig("keys=mpv\n[keys]\nUP add volume 5\n") { environment in
            let (options, commands) = try ReelOptions.settings(["--help"], environment: environment)
            #expect(options.keys == .mpv)
            #expect(commands.command(for: KeyEvent(.right), on: .player) == .seek(5, .relative))
            #expect(commands.command(for: KeyEvent(.up), on: .player) == .addVolume(5))
            #expect(commands.command(for: KeyEvent(.character("s")), on: .player) == .screenshot(subtitles: true))
            #expect(commands.command(for: KeyEvent(.character("d")), on: .player) == nil)
            let help = try #require(ReelOptions.text(for: options.action, commands: commands))
            #expect(help.contains("back / forward 5 s, exact; taps in a row add up"))
            let (reel, standard) = try ReelOptions.settings(["--keys=reel", "f"], environment: environment)
            #expect(reel.keys == .reel && standard.command(for: KeyEvent(.right), on: .player) == .doubleTap(.forward))
        }
    }

    @Test("--no-config ignores the file, even a bad one")
    func noConfig() throws {
        try Self.withConfig("seek-interval=nonsense\n") { environment in
            let (options, _) = try ReelOptions.settings(["--no-config", "f"], environment: environment)
            #expect(options.player.skips.interval == 10)
            #expect(throws: ConfigError.self) { try ReelOptions.settings(["f"], environment: environment) }
        }
    }

    @Test("--help reads the file, so it shows the bindings in force; --version does not")
    func helpShowsBindings() throws {
        try Self.withConfig("[keys]\nw seek 60\n") { environment in
            let (options, commands) = try ReelOptions.settings(["--help"], environment: environment)
            let help = try #require(ReelOptions.text(for: options.action, commands: commands))
            #expect(help.contains("  w   ") && help.contains("seek 60"))
            let (_, plain) = try ReelOptions.settings(["--help", "--no-config"], environment: environment)
            #expect(plain.command(for: KeyEvent(.character("w")), on: .player) == nil)
        }
        try Self.withConfig("bogus\n") { environment in
            let (options, _) = try ReelOptions.settings(["--version"], environment: environment)
            #expect(options.action == .version)
        }
    }

    @Test("no file is no error; an unreadable one is")
    func missingAndUnreadable() throws {
        try Self.withConfig(nil) { environment in
            let (options, _) = try ReelOptions.settings(["f"], environment: environment)
            #expect(try options == ReelOptions.parse(["f"]))
        }
        try Self.withConfig(nil) { environment in
            let path = try #require(environment["XDG_CONFIG_HOME"]) + "/reel/reel.conf"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            #expect(throws: ConfigError(path: FilePath(path), line: nil, reason: .unreadable("not a regular file"))) {
                try ReelOptions.settings(["f"], environment: environment)
            }
        }
    }

    @Test("CRLF line ends and a leading byte order mark read as a plain file", arguments: [
        "# my settings\r\nvolume=50\r\n",
        "\u{FEFF}volume=50\n",
        "\u{FEFF}# saved by Notepad\r\nvolume=50\r\n",
        "volume=50\r\n\r\n[keys]\r\nw cycle sub\r\n",
    ])
    func windowsFiles(text: String) throws {
        let config = try ConfigFileTests.parse(text)
        #expect(config.options.mpv.volume == 50)
        #expect(config.bindings.allSatisfy { $0.command == (try? Command(parsing: "cycle sub")) })
    }

    @Test("a CRLF file's bad line is still found, on its own line number", arguments: [
        ("# my settings\r\nvolume=999\r\n", 2, "bad value '999' for --volume: expected a volume from 0 to 130"),
        ("\u{FEFF}frobnicate=1\r\n", 1, "unknown option 'frobnicate' (see reel --help)"),
        ("[keys]\r\nhyper+x quit\r\n", 2, "unknown key 'hyper+x' (key names are mpv's: a, SPACE, ctrl+UP, PGDWN, F5)"),
    ])
    func windowsFileErrors(text: String, line: Int, reason: String) {
        #expect(ConfigFileTests.failure(text)?.text == "/c/reel.conf:\(line): \(reason)")
    }

    @Test("a byte order mark counts only at the start of the file")
    func byteOrderMarkInside() {
        #expect(ConfigFileTests.failure("mute\n\u{FEFF}volume=5")?.line == 2)
    }
}
