@testable import App
import Screens
import Testing

@Suite("The table of options")
struct OptionSpecTests {
    static func names(_ kinds: (OptionSpec) -> Bool) -> Set<String> { Set(OptionSpec.all.filter(kinds).map(\.name)) }

    @Test("the parser carries out exactly the options of the table, each as the kind the table says")
    func parserMatchesTable() {
        #expect(Set(ReelOptions.Flag.allCases.map(\.rawValue)) == Self.names { $0.kind == .flag })
        #expect(Set(ReelOptions.Valued.allCases.map(\.rawValue)) == Self.names(\.takesValue))
        #expect(Set(ReelOptions.Special.allCases.map(\.rawValue)) == Self.names { $0.kind == .bare })
        #expect(OptionSpec.all.count == Set(OptionSpec.all.map(\.name)).count, "a name twice in the table")
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
        for spec in OptionSpec.all {
            #expect(help.contains("  " + spec.synopsis), "\(spec.synopsis) missing")
            #expect(help.contains(spec.help), "the help of \(spec.name) missing")
        }
        for section in OptionSpec.Section.allCases { #expect(help.contains("\n" + section.rawValue + ":\n")) }
    }

    @Test("options that only make sense on the command line are marked so")
    func commandLineOnly() {
        #expect(Self.names(\.commandLineOnly) == ["help", "version", "no-config", "forget-all", "man", "completions"])
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
        base.seekInterval = 5
        base.mute = true
        let options = try ReelOptions.parse(["--no-mute", "f"], over: base)
        #expect(options.seekInterval == 5 && !options.mute)
        #expect(try ReelOptions.parse(["--seek-interval=20", "f"], over: base).seekInterval == 20)
        #expect(try ReelOptions.parse(["--help"], over: base).seekInterval == 5, "--help shows the keys in force")
    }
}
