import Controls
import Media
import Screens
import Playback
import Terminal
import System

extension ReelOptions {
    /// Parses the arguments after the program name, over `base` (the settings of reel.conf);
    /// `home` (`$HOME`) is what `~/` stands for in a path option's value.
    ///
    /// Options take `--name=value` or `--name value`; flags also take `--name=yes|no` and
    /// `--no-name`. `--` ends the options, so that a file may begin with `-`. The early
    /// rows (`--no-config`, `--help`, `--version`) are read first, and `--help` and `--version` win
    /// over everything else, errors later on the line included. Names and aliases (`-h`) are
    /// looked up in ``OptionSpec/all``.
    public static func parse(_ arguments: [String], over base: ReelOptions = ReelOptions(),
                             home: String? = nil) throws(UsageError) -> ReelOptions {
        let optionPart = arguments.prefix { $0 != "--" }
        var options = base
        for spec in OptionSpec.all where spec.isEarly && spec.spellings.contains(where: optionPart.contains) {
            try options.apply(spec, negated: false, value: nil, written: "--" + spec.name, home: home)
            if options.action != .run { return options }
        }
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                options.paths.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            guard argument.hasPrefix("--") else {
                guard let spec = OptionSpec.aliased(argument) else { throw .unknownOption(argument) }
                try options.apply(spec, negated: false, value: nil, written: argument, home: home)
                continue
            }
            let body = argument.dropFirst(2)
            let name: String, inlineValue: String?
            if let equals = body.firstIndex(of: "=") {
                name = String(body[..<equals])
                inlineValue = String(body[body.index(after: equals)...])
            } else {
                name = String(body)
                inlineValue = nil
            }
            guard let (spec, negated) = OptionSpec.named(name) else {
                throw .unknownOption(argument.count > 60 ? String(argument.prefix(60)) + "…" : argument)
            }
            var value = inlineValue
            if spec.takesValue, value == nil {
                guard index < arguments.count else { throw .missingValue(option: "--" + name) }
                value = arguments[index]
                index += 1
            }
            try options.apply(spec, negated: negated, value: value, written: "--" + name, home: home)
        }
        return options
    }

    /// Sets the rows that an environment variable also gives (``OptionSpec/environment``:
    /// `REEL_TRACE`, `REEL_TOLERANCE`, `REEL_BUDGET`), before the command line is parsed over
    /// them. A value the row refuses is ignored, as these variables always were.
    public mutating func takeEnvironment(_ environment: [String: String]) {
        for spec in OptionSpec.all {
            guard let variable = spec.environment, let value = environment[variable] else { continue }
            try? apply(spec, negated: false, value: value, written: variable, home: environment["HOME"])
        }
    }

    /// Sets one option as the command line or reel.conf gives it, through its row: `written` is
    /// how the option was written, for the error line. A path's `~/` stands for `home`, on the
    /// command line and in reel.conf alike (``OptionSpec/expandingHome(_:home:option:)``).
    mutating func apply(_ spec: OptionSpec, negated: Bool, value: String?, written: String, home: String?) throws(UsageError) {
        switch spec.effect {
        case .flag(let path):
            if negated, let value { throw .unexpectedValue(option: written, value: value) }
            self[keyPath: path] = negated ? false : try OptionSpec.switchValue(value, option: written)
        case .bare(let effect):
            if let value { throw .unexpectedValue(option: written, value: value) }
            effect(&self)
        case .value(let effect):
            guard var value else { throw .missingValue(option: written) }
            if case .path = spec.kind { value = try OptionSpec.expandingHome(value, home: home, option: "--" + spec.name) }
            try effect(&self, value, "--" + spec.name)
        }
    }

    /// `auto`, `no`, or a track id (1 or more), as mpv's `--aid` and `--sid` take.
    static func parseTrack(_ text: String, option: String) throws(UsageError) -> TrackChoice {
        guard let choice = TrackChoice(optionValue: text), text != "" else {
            throw .badValue(option: option, value: text, expected: "a track number, auto or no")
        }
        return choice
    }

    /// A comma-separated list of language codes such as `eng,fra` or `pt-BR`.
    static func parseLanguages(_ text: String, option: String) throws(UsageError) -> [String] {
        let codes = text.split(separator: ",").map(String.init)
        guard !codes.isEmpty, codes.allSatisfy({ code in
            (1...16).contains(code.count) && code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }) else {
            throw .badValue(option: option, value: text, expected: "language codes such as eng,fra")
        }
        return codes
    }

    /// `90`, `1:30`, `1:02:03.5`, `25%`, or `-10` (seconds before the end).
    static func parseStart(_ text: String, option: String = "--start") throws(UsageError) -> StartPosition {
        let expected = "a time like 90, 1:30, 1:02:03, 25% or -10"
        if text.hasSuffix("%") {
            guard let percent = Double(text.dropLast()), percent.isFinite, (0...100).contains(percent) else {
                throw .badValue(option: option, value: text, expected: expected)
            }
            return .percent(percent)
        }
        let fromEnd = text.hasPrefix("-")
        let clock = fromEnd ? String(text.dropFirst()) : (text.hasPrefix("+") ? String(text.dropFirst()) : text)
        guard let seconds = clockSeconds(clock) else { throw .badValue(option: option, value: text, expected: expected) }
        return fromEnd ? .fromEnd(seconds) : .seconds(seconds)
    }

    /// Seconds from `s`, `m:ss` or `h:mm:ss` (fractions allowed on the last field), or nil.
    static func clockSeconds(_ text: String) -> Double? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(fields.count) else { return nil }
        var total = 0.0
        for (position, field) in fields.enumerated() {
            let isLast = position == fields.count - 1
            guard !field.isEmpty, field.allSatisfy({ $0.isASCII && ($0.isNumber || (isLast && $0 == ".")) }),
                  let value = Double(field), value.isFinite
            else { return nil }
            if position > 0, value >= 60 { return nil }
            total = total * 60 + value
        }
        return total <= 360_000 * 10 ? total : nil
    }

    /// `16:9`, `1.85`, or `4/3`. Text that is no ratio at all is refused; a ratio that is zero,
    /// negative or infinite falls back to 16:9, as the poster's frame does.
    static func parseAspect(_ text: String, option: String) throws(UsageError) -> Double {
        let expected = "a ratio like 16:9, 4/3 or 2.39"
        let parts = text.split(omittingEmptySubsequences: false) { $0 == ":" || $0 == "/" }
        let ratio: Double?
        switch parts.count {
        case 1: ratio = Double(parts[0])
        case 2: ratio = Double(parts[0]).flatMap { width in Double(parts[1]).map { width / $0 } }
        default: ratio = nil
        }
        guard let ratio else { throw .badValue(option: option, value: text, expected: expected) }
        return PosterLayout.aspectRatio(ratio)
    }
}
