import Formatting

/// The kinds of row ``OptionSpec/all`` is made of: each says once how its option reads its value
/// and where the value lands.
extension OptionSpec {
    /// The words a flag's value and a yes-or-no choice take: `yes` and `no` first (the help and
    /// the completions show those), then the other words mpv also reads for them.
    static let switchWords: [(word: String, on: Bool)] = [
        ("yes", true), ("no", false), ("true", true), ("false", false), ("on", true), ("off", false), ("1", true), ("0", false),
    ]

    /// A flag's value read through ``switchWords``: nil (given alone) is on.
    static func switchValue(_ value: String?, option: String) throws(UsageError) -> Bool {
        guard let value else { return true }
        guard let entry = switchWords.first(where: { $0.word == value }) else {
            throw .badValue(option: option, value: value, expected: "yes or no")
        }
        return entry.on
    }

    /// "a, b or c".
    static func listed(_ words: [String]) -> String {
        words.count > 1 ? words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "") : words.joined()
    }

    /// A flag: `--x`, `--x=yes|no` and `--no-x` set `path`.
    static func flag(_ name: String, _ path: WritableKeyPath<ReelOptions, Bool> & Sendable, _ help: String, _ section: Section,
                     shownOff: Bool = false) -> OptionSpec {
        OptionSpec(name: name, kind: .flag, help: help, section: section, shownOff: shownOff, effect: .flag(path))
    }

    /// An option given alone, which does `effect`.
    static func bare(_ name: String, _ help: String, _ section: Section, commandLineOnly: Bool = false, aliases: [String] = [],
                     early: Bool = false, _ effect: @escaping @Sendable (inout ReelOptions) -> Void) -> OptionSpec {
        OptionSpec(name: name, kind: .bare, help: help, section: section, commandLineOnly: commandLineOnly, aliases: aliases,
                   isEarly: early, effect: .bare(effect))
    }

    /// An option whose value `parse` reads (given the value and the option's name for errors),
    /// and `land` sets.
    static func parsed<Value>(_ name: String, _ kind: Kind, _ help: String, _ section: Section,
                              _ parse: @escaping @Sendable (String, String) throws(UsageError) -> Value,
                              into land: @escaping @Sendable (inout ReelOptions, Value) -> Void) -> OptionSpec {
        OptionSpec(name: name, kind: kind, help: help, section: section, effect: .value { options, text, option throws(UsageError) in
            land(&options, try parse(text, option))
        })
    }

    /// A number in `range`; a value out of it is refused as "expected `noun` from … to …".
    static func number(_ name: String, _ placeholder: String, _ help: String, _ section: Section, in range: ClosedRange<Double>,
                       expected noun: String, into land: @escaping @Sendable (inout ReelOptions, Double) -> Void) -> OptionSpec {
        let bounds = range.lowerBound == 0 && range.upperBound >= 86_400
            ? ", 0 or more" : " from \(Self.number(range.lowerBound)) to \(Self.number(range.upperBound))"
        return parsed(name, .value(placeholder), help, section, { text, option throws(UsageError) in
            guard let value = Double(text), value.isFinite, range.contains(value) else {
                throw .badValue(option: option, value: text, expected: noun + bounds)
            }
            return value
        }, into: land)
    }

    /// A number that lands at `path`, with its start value in the help ("(default 3)").
    static func number(_ name: String, _ placeholder: String, _ help: String, _ section: Section, in range: ClosedRange<Double>,
                       expected noun: String, at path: WritableKeyPath<ReelOptions, Double> & Sendable) -> OptionSpec {
        var spec = number(name, placeholder, help, section, in: range, expected: noun) { $0[keyPath: path] = $1 }
        spec.defaultText = Self.number(ReelOptions()[keyPath: path])
        return spec
    }

    /// One of a few words, each meaning a value; `aliases` are other words for some of them.
    static func choice<Value: Sendable>(_ name: String, _ help: String, _ section: Section, _ words: [(word: String, value: Value)],
                                        aliases: [(alias: String, word: String)] = [],
                                        into land: @escaping @Sendable (inout ReelOptions, Value) -> Void) -> OptionSpec {
        let shown = words.map(\.word)
        var spec = parsed(name, .choice(shown), help, section, { text, option throws(UsageError) in
            let word = aliases.first { $0.alias == text }?.word ?? text
            guard let value = words.first(where: { $0.word == word })?.value else {
                throw .badValue(option: option, value: text, expected: listed(shown))
            }
            return value
        }, into: land)
        spec.valueAliases = aliases
        return spec
    }

    /// One of the cases of a string enum, by their raw values.
    static func choice<Value: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ help: String, _ section: Section, _ type: Value.Type,
        into land: @escaping @Sendable (inout ReelOptions, Value) -> Void
    ) -> OptionSpec where Value.RawValue == String {
        choice(name, help, section, Value.allCases.map { ($0.rawValue, $0) }, into: land)
    }

    /// `yes` or `no` (and the other ``switchWords``) for a setting that is not a flag, with its
    /// start value in the help ("(default yes)").
    static func yesNo(_ name: String, _ help: String, _ section: Section, at path: WritableKeyPath<ReelOptions, Bool> & Sendable) -> OptionSpec {
        var spec = parsed(name, .choice(["yes", "no"]), help, section, { text, option throws(UsageError) in
            try switchValue(text, option: option)
        }, into: { $0[keyPath: path] = $1 })
        spec.defaultText = ReelOptions()[keyPath: path] ? "yes" : "no"
        return spec
    }

    /// A path that must not be empty (`expected` says what it names).
    static func path(_ name: String, _ help: String, _ section: Section, expected: String,
                     into land: @escaping @Sendable (inout ReelOptions, String) -> Void) -> OptionSpec {
        parsed(name, .path("PATH"), help, section, { text, option throws(UsageError) in
            guard !text.isEmpty else { throw .badValue(option: option, value: text, expected: expected) }
            return text
        }, into: land)
    }

    /// A path option's value with its leading `~/` (or a lone `~`) made `home`, as mpv does
    /// with every path option: `~/Pictures/reel` is `/home/me/Pictures/reel`, never a folder
    /// named `~` in the current one. `~user/` is left as it is, as mpv leaves it. Without an
    /// absolute `home` (`$HOME` unset), a value that needs it is refused.
    static func expandingHome(_ value: String, home: String?, option: String) throws(UsageError) -> String {
        guard value == "~" || value.hasPrefix("~/") else { return value }
        guard var home, home.hasPrefix("/") else {
            throw .badValue(option: option, value: value, expected: "a path; ~ stands for $HOME, which is not set")
        }
        while home.hasSuffix("/") { home.removeLast() }
        let rest = value.dropFirst()
        return home.isEmpty && rest.isEmpty ? "/" : home + rest
    }

    /// A number as the help and the error lines write it: "3", "0.01", "-600".
    static func number(_ value: Double) -> String { DecimalText.format(value, maximumFractionDigits: 3) }
}
