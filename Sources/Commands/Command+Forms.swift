import Controls

/// One row of the commands' grammar: the words of a command, the number it takes (if any), and
/// the screens a key bound to it works on. ``Command/text`` and ``Command/init(parsing:)`` both
/// read the rows, so a command is written in one place.
struct CommandForm: Sendable {
    /// What comes between the words and the suffix.
    enum Argument: Sendable {
        /// Nothing: the form is this one command.
        case none(Command)
        /// A number in a range, written with up to 3 decimals.
        case decimal(ClosedRange<Double>, make: @Sendable (Double) -> Command, read: @Sendable (Command) -> Double?)
        /// A whole number, -1000…1000.
        case whole(make: @Sendable (Int) -> Command, read: @Sendable (Command) -> Int?)
    }

    /// The words before the number: `add volume`.
    public var words: [String]
    public var argument: Argument
    /// The words after the number: `absolute-percent`.
    var suffix: [String] = []
    /// The screens a key bound to the command works on.
    public var screens: Set<ScreenKind> = [.player]
    /// The modes a key bound to the command works in: the screen's commands, and for the global
    /// commands also the modes that keep them (Ctrl-C everywhere, q over the help and the menu).
    public var modes = KeyMode.withCommands

    /// The command's text, when `command` is of this form.
    public func text(of command: Command) -> String? {
        let middle: [String]
        switch argument {
        case .none(let fixed):
            guard fixed == command else { return nil }
            middle = []
        case .decimal(_, _, let read):
            guard let value = read(command) else { return nil }
            middle = [Command.number(value)]
        case .whole(_, let read):
            guard let value = read(command) else { return nil }
            middle = [String(value)]
        }
        return (words + middle + suffix).joined(separator: " ")
    }

    /// How far `input` (the command's words) matches the form: the command, or why not and how
    /// many of the form's words it got right.
    public func match(_ input: [String]) -> (command: Command?, error: CommandParseError?, matchedWords: Int, allWords: Bool) {
        let name = input.first ?? ""
        var matched = 0
        for (index, word) in words.enumerated() {
            guard index < input.count else { return (nil, .missingArgument(name), matched, false) }
            guard input[index] == word else { return (nil, .badArgument(name, input[index]), matched, false) }
            matched += 1
        }
        let takesNumber: Bool
        if case .none = argument { takesNumber = false } else { takesNumber = true }
        let needed = words.count + (takesNumber ? 1 : 0) + suffix.count
        if !suffix.isEmpty {
            guard input.count >= needed else { return (nil, .missingArgument(name), matched, false) }
            guard Array(input.suffix(suffix.count)) == suffix else {
                return (nil, .badArgument(name, input[input.count - suffix.count]), matched, false)
            }
            matched += suffix.count
        }
        guard input.count >= needed else { return (nil, .missingArgument(name), matched, true) }
        guard input.count == needed else { return (nil, .extraArguments(name), matched, true) }
        // Only a form with a number gets here with a word between its words and its suffix.
        switch argument {
        case .none(let command):
            return (command, nil, matched, true)
        case .decimal(let range, let make, _):
            let given = input[words.count]
            guard let value = Double(given), value.isFinite, range.contains(value) else {
                return (nil, .badArgument(name, given), matched, true)
            }
            return (make(value), nil, matched, true)
        case .whole(let make, _):
            let given = input[words.count]
            guard let value = Int(given), abs(value) <= 1000 else { return (nil, .badArgument(name, given), matched, true) }
            return (make(value), nil, matched, true)
        }
    }
}

extension CommandForm {
    /// A command of fixed words.
    static func fixed(_ text: String, _ command: Command, screens: Set<ScreenKind> = [.player],
                      modes: Set<KeyMode> = KeyMode.withCommands) -> CommandForm {
        CommandForm(words: split(text), argument: .none(command), screens: screens, modes: modes)
    }

    /// A command with a number in `range`.
    public static func decimal(_ text: String, _ range: ClosedRange<Double>, then suffix: String = "",
                        _ make: @escaping @Sendable (Double) -> Command,
                        read: @escaping @Sendable (Command) -> Double?) -> CommandForm {
        CommandForm(words: split(text), argument: .decimal(range, make: make, read: read), suffix: split(suffix))
    }

    /// A command with a whole number.
    public static func whole(_ text: String, screens: Set<ScreenKind> = [.player], _ make: @escaping @Sendable (Int) -> Command,
                      read: @escaping @Sendable (Command) -> Int?) -> CommandForm {
        CommandForm(words: split(text), argument: .whole(make: make, read: read), screens: screens)
    }

    public static func split(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }
}
