@testable import Options
import Controls
import Playback
@testable import Screens
import Session
import Testing

/// The table of options as the one place an option is written: each row lands in a field of the
/// engines' configurations that ``ReelOptions`` composes, reel.conf and the command line land it
/// alike, and the developer's rows stay out of the words about reel.
@Suite("The option table's rows and the fields they write")
struct OptionTableTests {
    /// Values to try on a row, until one changes the options from their start.
    static func candidates(_ spec: OptionSpec) -> [String?] {
        switch spec.kind {
        case .flag: [nil, "no"]
        case .bare: [nil]
        case .choice(let words): words
        case .path: ["/tmp/reel-option"]
        case .value: ["7", "0.5", "1:30", "16:9", "eng", "%F"]
        }
    }

    /// The command line's options for `spec` given `value`, and the line reel.conf takes for it.
    static func written(_ spec: OptionSpec, _ value: String?) -> (arguments: [String], line: String) {
        guard let value else { return (["--" + spec.name], spec.name) }
        if spec.kind == .flag, value == "no" { return (["--no-" + spec.name], "no-" + spec.name) }
        return (["--" + spec.name + "=" + value], spec.name + "=" + value)
    }

    /// The first value of `spec` that changes the options, with what it made of them.
    static func changing(_ spec: OptionSpec) -> (value: String?, options: ReelOptions)? {
        for value in candidates(spec) {
            guard let options = try? ReelOptions.parse(written(spec, value).arguments) else { continue }
            if options != ReelOptions() { return (value, options) }
        }
        return nil
    }

    @Test("every row writes a field of the options: some value of it changes them")
    func everyRowWrites() {
        for spec in OptionSpec.all {
            #expect(Self.changing(spec) != nil, "--\(spec.name) writes nothing")
        }
    }

    @Test("reel.conf and the command line land every row's value in the same field")
    func configAgrees() throws {
        for spec in OptionSpec.all where !spec.commandLineOnly {
            let (value, fromCommandLine) = try #require(Self.changing(spec), "\(spec.name)")
            let line = Self.written(spec, value).line
            let fromFile = try ConfigFile.parse(line + "\n", path: "reel.conf").options
            #expect(fromFile == fromCommandLine, "\(line)")
        }
    }

    @Test("the rows write the engines' own configurations, which the engines are made with")
    func rowsWriteEngines() throws {
        let options = try ReelOptions.parse(["--hide-delay=7", "--seek-interval=4", "--double-tap-window=0.25", "--reduce-motion",
                                             "--autoplay-delay=2", "--keep-open=no", "--loop-playlist", "--volume=40",
                                             "--no-audio", "--notice-duration=1", "f"])
        #expect(ChromeEngine(configuration: options.player.chrome, now: 0).configuration.hideDelay == 7)
        #expect(options.player.chrome.reduceMotion)
        let skips = DoubleTapSeek(configuration: options.player.skips).configuration
        #expect(skips.interval == 4 && skips.doubleTapWindow == 0.25)
        var expected = SessionMachine.Configuration()
        expected.autoplayDelay = 2
        expected.keepOpen = false
        expected.loopPlaylist = true
        #expect(options.playlist == expected)
        var mpv = PlayerConfiguration()
        mpv.volume = 40
        mpv.audio = false
        #expect(options.mpv == mpv)
        let screen = PlayerScreen(configuration: options.player, columns: 80, rows: 24, now: 0)
        #expect(screen.configuration.noticeDuration == 1 && screen.configuration.chrome.hideDelay == 7)
    }

    @Test("with --notice-duration=1 a session's notice lasts 1 s, not the 3 s that used to be its floor",
          arguments: [(1.0, 1.0), (0.5, 0.5), (10, 10)])
    func noticeLasts(configured: Double, lasts: Double) throws {
        let options = try ReelOptions.parse(["--notice-duration=\(configured)", "f"])
        var screen = PlayerScreen(configuration: options.player, columns: 80, rows: 24, now: 0)
        // As the player scene shows each notice the session gives.
        screen.notify("Looping the list", now: 5)
        func shows(at now: Double) -> Bool {
            var copy = screen
            _ = copy.tick(now: now)
            return copy.toast != nil
        }
        #expect(shows(at: 5 + lasts - 0.01))
        #expect(!shows(at: 5 + lasts + 0.01))
    }

    @Test("the developer's rows are hidden from --help, the man page and the completions")
    func hiddenRows() {
        let hidden = OptionSpec.all.filter(\.isHidden)
        #expect(Set(hidden.map(\.name)) == ["trace", "colour-tolerance", "byte-budget"])
        let help = HelpText.usage(commands: .standard()), page = ManPage.text()
        let scripts = Completions.Shell.allCases.map { Completions.script(for: $0) }
        for spec in hidden {
            #expect(!help.contains("--" + spec.name), "\(spec.name) in --help")
            #expect(!page.contains(ManPage.escaped("--" + spec.name)), "\(spec.name) in the man page")
            for script in scripts { #expect(!script.contains(spec.name), "\(spec.name) in a completion") }
        }
    }

    @Test("REEL_TRACE, REEL_TOLERANCE and REEL_BUDGET give their rows; the command line wins; a bad value is ignored")
    func environment() throws {
        var options = ReelOptions()
        options.takeEnvironment(["REEL_TRACE": "/tmp/t", "REEL_TOLERANCE": "12", "REEL_BUDGET": "0", "HOME": "/h"])
        #expect(options.trace == "/tmp/t" && options.colourTolerance == 12 && options.byteBudget.share == 0)
        var expected = ReelOptions()
        expected.trace = "/tmp/t"
        expected.colourTolerance = 12
        expected.byteBudget.share = 0
        #expect(options == expected, "nothing else is read from the environment")
        let over = try ReelOptions.parse(["--trace=/tmp/u", "--colour-tolerance=3", "--byte-budget=0.5", "f"], over: options)
        #expect(over.trace == "/tmp/u" && over.colourTolerance == 3 && over.byteBudget.share == 0.5)
        var bad = ReelOptions()
        bad.takeEnvironment(["REEL_TRACE": "", "REEL_TOLERANCE": "300", "REEL_BUDGET": "-1"])
        #expect(bad.trace == nil && bad.colourTolerance == 0 && bad.byteBudget.share == 0, "as the variables were read before")
        let settings = try ReelOptions.settings(["f"], environment: ["REEL_BUDGET": "0.1", "XDG_CONFIG_HOME": "/nonexistent",
                                                                  "HOME": "/nonexistent"]).0
        #expect(settings.byteBudget.share == 0.1)
    }

    @Test("every path row takes a leading ~/ as $HOME, on the command line and in reel.conf, as mpv does; without HOME it is refused")
    func pathsExpandHome() throws {
        let paths = OptionSpec.all.filter { if case .path = $0.kind { true } else { false } }
        #expect(Set(paths.map(\.name)).isSuperset(of: ["log-file", "input-ipc-server", "sub-file", "screenshot-directory"]))
        for spec in paths {
            let expected = try ReelOptions.parse(["--\(spec.name)=/home/me/reel-option"])
            #expect(expected != ReelOptions(), "--\(spec.name)")
            #expect(try ReelOptions.parse(["--\(spec.name)=~/reel-option"], home: "/home/me") == expected, "--\(spec.name)")
            #expect(try ReelOptions.parse(["--\(spec.name)", "~/reel-option"], home: "/home/me/") == expected, "--\(spec.name)")
            if !spec.commandLineOnly {
                let file = try ConfigFile.parse("\(spec.name)=~/reel-option\n", path: "reel.conf", home: "/home/me")
                #expect(file.options == expected, "\(spec.name) in reel.conf")
            }
            #expect(throws: UsageError.self) { try ReelOptions.parse(["--\(spec.name)=~/reel-option"]) }
            #expect(throws: UsageError.self) { try ReelOptions.parse(["--\(spec.name)=~/reel-option"], home: "relative") }
            // Only a leading ~/ is the home folder; ~user/ is left as mpv leaves it.
            for kept in ["a/~/b", "~user/b", "./~"] {
                #expect(try ReelOptions.parse(["--\(spec.name)=\(kept)"], home: "/home/me") == ReelOptions.parse(["--\(spec.name)=\(kept)"]))
            }
        }
    }

    @Test("reel.conf refuses the developer's rows, so they never stick to every run")
    func configRefusesDeveloperRows() {
        for spec in OptionSpec.all where spec.isHidden {
            #expect(throws: ConfigError.self) { try ConfigFile.parse(spec.name + "=1\n", path: "reel.conf") }
        }
    }
}
