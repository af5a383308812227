@testable import Commands
@testable import Options
import Controls
import Session
import Screens
import Testing

@Suite("The table of options")
struct OptionSpecTests {
    static func names(_ kinds: (OptionSpec) -> Bool) -> Set<String> { Set(OptionSpec.all.filter(kinds).map(\.name)) }

    @Test("each row carries its option out as the kind it shows, and no name or spelling is there twice")
    func rowsMatchTheirKinds() {
        for spec in OptionSpec.all {
            switch spec.effect {
            case .flag: #expect(spec.kind == .flag, "\(spec.name)")
            case .bare: #expect(spec.kind == .bare, "\(spec.name)")
            case .value: #expect(spec.takesValue, "\(spec.name)")
            }
            #expect(spec.aliases.isEmpty || spec.kind == .bare, "only a bare option has aliases: \(spec.name)")
        }
        let spellings = OptionSpec.all.flatMap(\.spellings)
        #expect(spellings.count == Set(spellings).count, "a spelling twice in the table")
    }

    @Test("the short spellings are rows of the table, shown in --help, and nothing else is short", arguments: [
        ("-h", ReelOptions.Action.help), ("-V", .version),
    ])
    func aliases(spelling: String, action: ReelOptions.Action) throws {
        #expect(try ReelOptions.parse([spelling]).action == action)
        #expect(try ReelOptions.parse(["--bogus", spelling]).action == action, "wins as the long spelling does")
        let spec = try #require(OptionSpec.aliased(spelling))
        #expect(HelpText.usage(commands: .standard()).contains("  " + spelling + ", --" + spec.name))
        #expect(throws: UsageError.unknownOption("-v")) { try ReelOptions.parse(["-v", "f"]) }
    }

    @Test("a choice's other words are in its row: shown in --help, completed, and read as the word they stand for")
    func valueAliases() throws {
        let colors = try #require(OptionSpec.named("colors")?.spec)
        #expect(colors.choiceWords.contains("24bit"))
        #expect(colors.helpText.contains("24bit is truecolor"))
        #expect(Completions.script(for: .bash).contains("auto truecolor 256 24bit"))
        #expect(try ReelOptions.parse(["--colors=24bit", "f"]).colors == ReelOptions.parse(["--colors=truecolor", "f"]).colors)
    }

    /// The values are the documented defaults, written here by hand: the options' start values are
    /// the engines' own configurations, so comparing one with the other could not fail, and these
    /// literals can.
    @Test("the help's defaults are the options' start values, written once", arguments: [
        ("double-tap-window", "0.4"), ("hide-delay", "3"), ("notice-duration", "1.5"), ("seek-interval", "10"), ("autoplay-delay", "5"), ("corner-radius", "2"), ("reveal-duration", "0.6"),
        ("keep-open", "yes"), ("scrub-preview", "yes"),
    ])
    func defaults(name: String, shown: String) throws {
        let spec = try #require(OptionSpec.named(name)?.spec)
        #expect(spec.defaultText == shown)
        #expect(spec.helpText.hasSuffix("(default \(shown))"))
        #expect(HelpText.usage(commands: .standard()).contains(spec.helpText))
    }

    @Test("every spelling of every option is read by the command line, none as an unknown option")
    func everySpellingParses() {
        for spec in OptionSpec.all {
            for spelling in spec.spellings {
                let arguments: [String]
                switch spec.kind {
                case .choice(let words): arguments = [spelling + "=" + words[0], "f"]
                case .value, .path: arguments = [spelling + "=1", "f"]
                case .flag, .bare: arguments = [spelling, "f"]
                }
                do {
                    _ = try ReelOptions.parse(arguments)
                } catch {
                    if case .unknownOption = error { Issue.record("\(arguments) is an unknown option") }
                }
            }
        }
    }

    @Test("--help lists every option of the table, with its value and what it does, under its section")
    func helpListsTheTable() {
        let help = HelpText.usage(commands: .standard())
        for spec in OptionSpec.shown {
            #expect(help.contains("  " + spec.synopsis), "\(spec.synopsis) missing")
            #expect(help.contains(spec.helpText), "the help of \(spec.name) missing")
        }
        for section in OptionSpec.Section.allCases { #expect(help.contains("\n" + section.rawValue + ":\n")) }
    }

    @Test("options that only make sense on the command line are marked so")
    func commandLineOnly() {
        #expect(Self.names(\.commandLineOnly) == ["help", "version", "no-config", "forget-all", "man", "completions",
                                                   "trace", "colour-tolerance", "byte-budget"])
    }

    @Test("--man and --completions print instead of playing, and need no file")
    func generators() throws {
        #expect(try ReelOptions.parse(["--man"]).action == .manual)
        #expect(try ReelOptions.parse(["--completions=zsh"]).action == .completions(.zsh))
        #expect(try ReelOptions.parse(["--completions", "fish"]).action == .completions(.fish))
        #expect(throws: UsageError.badValue(option: "--completions", value: "tcsh", expected: "bash, zsh or fish")) {
            try ReelOptions.parse(["--completions=tcsh"])
        }
    }

    @Test("--no-config is read before --help and --version win")
    func noConfig() throws {
        #expect(try !ReelOptions.parse(["--no-config", "f"]).readsConfig)
        #expect(try !ReelOptions.parse(["--help", "--no-config"]).readsConfig)
        #expect(try ReelOptions.parse(["f"]).readsConfig)
        #expect(try ReelOptions.parse(["--", "--no-config"]).readsConfig, "after --, a file")
        #expect(throws: UsageError.unexpectedValue(option: "--no-config", value: "yes")) {
            try ReelOptions.parse(["--no-config=yes", "f"])
        }
    }

    @Test("the command line is read over the settings it is given")
    func over() throws {
        var base = ReelOptions()
        base.player.skips.interval = 5
        base.mpv.mute = true
        let options = try ReelOptions.parse(["--no-mute", "f"], over: base)
        #expect(options.player.skips.interval == 5 && !options.mpv.mute)
        #expect(try ReelOptions.parse(["--seek-interval=20", "f"], over: base).player.skips.interval == 20)
        #expect(try ReelOptions.parse(["--help"], over: base).player.skips.interval == 5, "--help shows the keys in force")
    }
}
