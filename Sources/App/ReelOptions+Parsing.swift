import Controls
import Screens
import Playback
import Terminal
import System

extension ReelOptions {
    /// Parses the arguments after the program name, over `base` (the settings of reel.conf).
    ///
    /// Options take `--name=value` or `--name value`; flags also take `--name=yes|no` and
    /// `--no-name`. `--` ends the options, so that a file may begin with `-`. `--help` and
    /// `--version` win over everything else, including errors later on the line. Names are looked
    /// up in ``OptionSpec/all``.
    public static func parse(_ arguments: [String], over base: ReelOptions = ReelOptions()) throws(UsageError) -> ReelOptions {
        let optionPart = arguments.prefix { $0 != "--" }
        var options = base
        options.readsConfig = !optionPart.contains("--no-config")
        if optionPart.contains("--help") || optionPart.contains("-h") { options.action = .help; return options }
        if optionPart.contains("--version") || optionPart.contains("-V") { options.action = .version; return options }
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
            guard argument.hasPrefix("--") else { throw .unknownOption(argument) }
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
            try options.apply(spec, negated: negated, value: value, written: "--" + name)
        }
        return options
    }

    /// Sets one option as the command line or reel.conf gives it: `written` is how the option
    /// was written, for the error line.
    mutating func apply(_ spec: OptionSpec, negated: Bool, value: String?, written: String) throws(UsageError) {
        if let flag = Flag(rawValue: spec.name), spec.kind == .flag {
            if negated, let value { throw .unexpectedValue(option: written, value: value) }
            try set(flag, to: negated ? false : Self.parseSwitch(value, option: written))
        } else if let special = Special(rawValue: spec.name), !spec.takesValue {
            if let value { throw .unexpectedValue(option: written, value: value) }
            set(special)
        } else if let value, let valued = Valued(rawValue: spec.name), spec.takesValue {
            try set(valued, to: value)
        } else if spec.takesValue, value == nil {
            throw .missingValue(option: written)
        } else {
            // A name in the table that the parser does not carry out; a test keeps this from happening.
            throw .unknownOption(written)
        }
    }

    /// Options that are on or off.
    enum Flag: String, CaseIterable {
        case mute, loop, pause, reduceMotion = "reduce-motion", screenReader = "screen-reader", poster, stats
        case recursive, onlyPlayable = "only-playable", resume, mpvConfig = "mpv-config", mpris
        case ytdl, loopPlaylist = "loop-playlist", shuffle, list, progressLine = "progress-line"
    }

    /// Options that take a value.
    enum Valued: String, CaseIterable {
        case start, volume, speed, keepOpen = "keep-open", scrubPreview = "scrub-preview", hideDelay = "hide-delay"
        case seekInterval = "seek-interval", colors, blitter, graphics, logFile = "log-file", aspect
        case cornerRadius = "corner-radius", revealDuration = "reveal-duration"
        case sid, aid, secondarySid = "secondary-sid", slang, alang, subFile = "sub-file"
        case subDelay = "sub-delay", audioDelay = "audio-delay", networkTimeout = "network-timeout"
        case autoplayDelay = "autoplay-delay", completions, ipcServer = "input-ipc-server"
    }

    /// Options that are given alone, with no value and no `--no-` form.
    enum Special: String, CaseIterable {
        case noAudio = "no-audio", noSub = "no-sub", noConfig = "no-config", help, version, manual = "man"
        case forgetAll = "forget-all"
    }

    private mutating func set(_ special: Special) {
        switch special {
        // mpv's spelling; `--audio` alone is not an option.
        case .noAudio: audio = false
        case .noSub: tracks.subtitles = .none
        case .noConfig: readsConfig = false
        case .help: action = .help
        case .version: action = .version
        case .manual: action = .manual
        case .forgetAll: action = .forgetAll
        }
    }

    private mutating func set(_ flag: Flag, to on: Bool) throws(UsageError) {
        switch flag {
        case .mute: mute = on
        case .loop: loop = on
        case .pause: pause = on
        case .reduceMotion: reduceMotion = on
        case .screenReader: screenReader = on
        case .poster: poster = on
        case .stats: stats = on
        case .recursive: recursive = on
        case .onlyPlayable: onlyPlayable = on
        case .resume: resume = on
        case .mpvConfig: mpvConfig = on
        case .mpris: mpris = on
        case .ytdl: ytdl = on
        case .loopPlaylist: loopPlaylist = on
        case .shuffle: shuffle = on
        case .list: list = on
        case .progressLine: progressLine = on
        }
    }

    private mutating func set(_ option: Valued, to value: String) throws(UsageError) {
        let name = "--" + option.rawValue
        switch option {
        case .start:
            start = try Self.parseStart(value, option: name)
        case .volume:
            volume = try Self.number(value, option: name, in: 0...130, expected: "a volume from 0 to 130")
        case .speed:
            speed = try Self.number(value, option: name, in: 0.01...100, expected: "a speed from 0.01 to 100")
        case .keepOpen:
            keepOpen = try Self.parseSwitch(value, option: name)
        case .scrubPreview:
            scrubPreview = try Self.parseSwitch(value, option: name)
        case .hideDelay:
            hideDelay = try Self.number(value, option: name, in: 0...86_400, expected: "seconds, 0 or more")
        case .seekInterval:
            // 0 turns skipping off; a negative interval is refused rather than read as off.
            seekInterval = try Self.number(value, option: name, in: 0...86_400, expected: "seconds, 0 or more (0 turns skipping off)")
        case .colors:
            guard let choice = Self.colorChoices[value] else {
                throw .badValue(option: name, value: value, expected: "auto, truecolor or 256")
            }
            colors = choice
            colorsGiven = true
        case .blitter:
            guard let choice = BlitterChoice.Preference(rawValue: value) else {
                throw .badValue(option: name, value: value, expected: "auto, half, quadrant, sextant or octant")
            }
            blitter = choice
        case .graphics:
            guard let choice = GraphicsMode.Preference(rawValue: value) else {
                throw .badValue(option: name, value: value, expected: "auto, kitty, sixel or blocks")
            }
            graphics = choice
        case .logFile:
            guard !value.isEmpty else { throw .badValue(option: name, value: value, expected: "a file path") }
            logFile = FilePath(value)
        case .ipcServer:
            guard !value.isEmpty else { throw .badValue(option: name, value: value, expected: "a socket path") }
            ipcServer = FilePath(value)
        case .aspect:
            aspect = try Self.parseAspect(value, option: name)
        case .cornerRadius:
            cornerRadius = try Self.number(value, option: name, in: 0...50, expected: "cells from 0 to 50")
        case .revealDuration:
            revealDuration = try Self.number(value, option: name, in: 0...600, expected: "seconds from 0 to 600")
        case .sid: tracks.subtitles = try Self.parseTrack(value, option: name)
        case .aid: tracks.audio = try Self.parseTrack(value, option: name)
        case .secondarySid: tracks.secondarySubtitles = try Self.parseTrack(value, option: name)
        case .slang: tracks.subtitleLanguages = try Self.parseLanguages(value, option: name)
        case .alang: tracks.audioLanguages = try Self.parseLanguages(value, option: name)
        case .subFile:
            guard !value.isEmpty else { throw .badValue(option: name, value: value, expected: "a subtitle file") }
            tracks.subtitleFiles.append(FilePath(value))
        case .subDelay:
            tracks.subtitleDelay = try Self.number(value, option: name, in: -600...600, expected: "seconds from -600 to 600")
        case .audioDelay:
            tracks.audioDelay = try Self.number(value, option: name, in: -600...600, expected: "seconds from -600 to 600")
        case .networkTimeout:
            networkTimeout = try Self.number(value, option: name, in: 0.1...3600, expected: "seconds from 0.1 to 3600")
        case .autoplayDelay:
            autoplayDelay = try Self.number(value, option: name, in: 0...3600, expected: "seconds, 0 or more")
        case .completions:
            guard let shell = Completions.Shell(rawValue: value) else {
                throw .badValue(option: name, value: value, expected: "bash, zsh or fish")
            }
            action = .completions(shell)
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

    private static func parseSwitch(_ value: String?, option: String) throws(UsageError) -> Bool {
        switch value {
        case nil, "yes", "true", "on", "1": return true
        case "no", "false", "off", "0": return false
        case let other?: throw .badValue(option: option, value: other, expected: "yes or no")
        }
    }

    private static func number(_ text: String, option: String, in range: ClosedRange<Double>, expected: String) throws(UsageError) -> Double {
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw .badValue(option: option, value: text, expected: expected)
        }
        return value
    }

    /// `90`, `1:30`, `1:02:03.5`, `25%`, or `-10` (seconds before the end).
    /// `--colors`: auto (nil: what the environment says), truecolor or 256.
    static let colorChoices: [String: ColorMode?] = ["auto": nil, "truecolor": .truecolor, "24bit": .truecolor, "256": .palette256]

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
