import Controls

/// Something a key can do, named like mpv's input commands so that a binding reads like a line
/// of mpv's `input.conf` (`seek 10`, `cycle sub`, `add volume 5`, `add chapter 1`).
///
/// ``CommandTable`` maps keys to commands for each screen; the screens carry commands out.
/// `Command(parsing:)` reads the text form and ``text`` writes it back.
public enum Command: Sendable, Hashable {
    /// `cycle pause`: play or pause; at the end, start again.
    case cyclePause
    /// `double-tap back|forward`: once shows the controls; twice within 0.3 s skips one interval,
    /// and further taps add to the tally.
    case doubleTap(SeekSide)
    /// `skip back|forward`: one interval (`--seek-interval`) at once, shown in the skip tally.
    case skip(SeekSide)
    /// `seek N [relative|absolute|absolute-percent]`: a relative seek shows in the skip tally.
    case seek(Seconds, SeekKind)
    /// `add volume N`.
    case addVolume(Double)
    /// `cycle mute`.
    case cycleMute
    /// `frame-step` / `frame-back-step`: one frame, paused.
    case frameStep
    case frameBackStep
    /// `cycle controls`: show or hide the controls.
    case cycleControls
    /// `help`: the list of keys.
    case help
    /// `close`: close the innermost thing (a menu, Up next, an opening, the player).
    case close
    /// `quit`.
    case quit
    /// `interrupt`: end reel as SIGINT does (Ctrl-C): position saved, exit 130.
    case interrupt
    /// `suspend`: stop the process (Ctrl-Z).
    case suspend
    /// `redraw`: draw the whole screen again (Ctrl-L).
    case redraw
    /// `cycle sub` / `cycle sub down`: the next (previous) subtitle track, through "off".
    case cycleSubtitles(forward: Bool)
    /// `cycle sub-visibility`: show or hide subtitles.
    case cycleSubtitleVisibility
    /// `cycle audio` / `cycle audio down`: the next (previous) audio track.
    case cycleAudio(forward: Bool)
    /// `add sub-delay N`, seconds.
    case addSubtitleDelay(Seconds)
    /// `add audio-delay N`, seconds.
    case addAudioDelay(Seconds)
    /// `sub-seek N`: to the next (1) or previous (-1) subtitle line.
    case subtitleSeek(Int)
    /// `add chapter N`.
    case addChapter(Int)
    /// `playlist-next` / `playlist-prev`.
    case playlistNext
    case playlistPrevious
    /// `cycle loop-file`: loop the current file on or off.
    case cycleLoopFile
    /// `cycle loop-playlist`: after the last item, the first (on or off).
    case cycleLoopPlaylist
    /// `cycle shuffle`: what is still to come of the list in a random order, or back in its own.
    case cycleShuffle
    /// `speed-step N`: N steps through 0.25 … 4 (negative is slower).
    case speedStep(Int)
    /// `set speed X`.
    case setSpeed(Double)
    /// `tracks-menu`: the audio, subtitle and chapter menu.
    case tracksMenu
    /// `cycle remaining`: the total time, or the time left.
    case cycleRemaining
    /// `poster`: the selected item's poster card.
    case poster
    /// `play`: play the selected item, or the Up next item now.
    case play
    /// `list-move N`: the selection N items down (negative is up).
    case listMove(Int)
    /// `list-page N`: N pages down (negative is up).
    case listPage(Int)
    /// `list-first` / `list-last`.
    case listFirst
    case listLast
    /// `filter`: filter the list by name as you type.
    case filter
    /// `forget`: the continue-watching list forgets the selected item (its resume record).
    case forget
    /// `forget-undo`: the item forgotten last comes back.
    case forgetUndo
    /// `forget-all`: the whole history goes, after a confirmation.
    case forgetAll
    /// `ignore`: the key does nothing.
    case ignore

    /// How ``seek(_:_:)`` reads its number.
    public enum SeekKind: String, Sendable, Hashable {
        /// Seconds from where playback is.
        case relative
        /// Seconds from the start.
        case absolute
        /// Percent of the length.
        case absolutePercent = "absolute-percent"
    }
}

extension Command {
    /// The command in its text form, as a config file writes it: `seek 10`, `cycle sub`.
    public var text: String {
        switch self {
        case .cyclePause: "cycle pause"
        case .doubleTap(let side): "double-tap \(side == .backward ? "back" : "forward")"
        case .skip(let side): "skip \(side == .backward ? "back" : "forward")"
        case .seek(let seconds, .relative): "seek \(Command.number(seconds))"
        case .seek(let seconds, let kind): "seek \(Command.number(seconds)) \(kind.rawValue)"
        case .addVolume(let step): "add volume \(Command.number(step))"
        case .cycleMute: "cycle mute"
        case .frameStep: "frame-step"
        case .frameBackStep: "frame-back-step"
        case .cycleControls: "cycle controls"
        case .help: "help"
        case .close: "close"
        case .quit: "quit"
        case .interrupt: "interrupt"
        case .suspend: "suspend"
        case .redraw: "redraw"
        case .cycleSubtitles(let forward): forward ? "cycle sub" : "cycle sub down"
        case .cycleSubtitleVisibility: "cycle sub-visibility"
        case .cycleAudio(let forward): forward ? "cycle audio" : "cycle audio down"
        case .addSubtitleDelay(let step): "add sub-delay \(Command.number(step))"
        case .addAudioDelay(let step): "add audio-delay \(Command.number(step))"
        case .subtitleSeek(let lines): "sub-seek \(lines)"
        case .addChapter(let chapters): "add chapter \(chapters)"
        case .playlistNext: "playlist-next"
        case .playlistPrevious: "playlist-prev"
        case .cycleLoopFile: "cycle loop-file"
        case .cycleLoopPlaylist: "cycle loop-playlist"
        case .cycleShuffle: "cycle shuffle"
        case .speedStep(let steps): "speed-step \(steps)"
        case .setSpeed(let speed): "set speed \(Command.number(speed))"
        case .tracksMenu: "tracks-menu"
        case .cycleRemaining: "cycle remaining"
        case .poster: "poster"
        case .play: "play"
        case .listMove(let items): "list-move \(items)"
        case .listPage(let pages): "list-page \(pages)"
        case .listFirst: "list-first"
        case .listLast: "list-last"
        case .filter: "filter"
        case .forget: "forget"
        case .forgetUndo: "forget-undo"
        case .forgetAll: "forget-all"
        case .ignore: "ignore"
        }
    }

    /// Reads a command's text form; throws with a short reason when it is not one.
    public init(parsing text: String) throws(CommandParseError) {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let name = words.first else { throw .empty }
        let arguments = Array(words.dropFirst())
        func only(_ command: Command) throws(CommandParseError) -> Command {
            guard arguments.isEmpty else { throw .extraArguments(name) }
            return command
        }
        func number(_ index: Int, in range: ClosedRange<Double>) throws(CommandParseError) -> Double {
            guard index < arguments.count else { throw .missingArgument(name) }
            guard let value = Double(arguments[index]), value.isFinite, range.contains(value) else {
                throw .badArgument(name, arguments[index])
            }
            return value
        }
        func whole(_ index: Int) throws(CommandParseError) -> Int {
            guard index < arguments.count else { throw .missingArgument(name) }
            guard let value = Int(arguments[index]), abs(value) <= 1000 else { throw .badArgument(name, arguments[index]) }
            return value
        }
        func arity(_ count: Int) throws(CommandParseError) {
            if arguments.count > count { throw .extraArguments(name) }
        }
        switch name {
        case "cycle":
            try arity(2)
            guard let property = arguments.first else { throw .missingArgument(name) }
            let down = arguments.count == 2 && arguments[1] == "down"
            if arguments.count == 2, !down { throw .badArgument(name, arguments[1]) }
            switch property {
            case "pause" where !down: self = .cyclePause
            case "mute" where !down: self = .cycleMute
            case "controls" where !down: self = .cycleControls
            case "sub": self = .cycleSubtitles(forward: !down)
            case "audio": self = .cycleAudio(forward: !down)
            case "sub-visibility" where !down: self = .cycleSubtitleVisibility
            case "loop-file" where !down: self = .cycleLoopFile
            case "loop-playlist" where !down: self = .cycleLoopPlaylist
            case "shuffle" where !down: self = .cycleShuffle
            case "remaining" where !down: self = .cycleRemaining
            default: throw .badArgument(name, arguments.joined(separator: " "))
            }
        case "add":
            try arity(2)
            guard let property = arguments.first else { throw .missingArgument(name) }
            switch property {
            case "volume": self = .addVolume(try number(1, in: -130...130))
            case "sub-delay": self = .addSubtitleDelay(try number(1, in: -600...600))
            case "audio-delay": self = .addAudioDelay(try number(1, in: -600...600))
            case "chapter": self = .addChapter(try whole(1))
            default: throw .badArgument(name, property)
            }
        case "set":
            try arity(2)
            guard arguments.first == "speed" else { throw .badArgument(name, arguments.first ?? "") }
            self = .setSpeed(try number(1, in: 0.01...100))
        case "seek":
            try arity(2)
            var kind = SeekKind.relative
            if arguments.count == 2 {
                guard let parsed = SeekKind(rawValue: arguments[1]) else { throw .badArgument(name, arguments[1]) }
                kind = parsed
            }
            let limit = kind == .absolutePercent ? 0...100.0 : -360_000...360_000.0
            self = .seek(try number(0, in: limit), kind)
        case "double-tap", "skip":
            try arity(1)
            let side: SeekSide
            switch arguments.first {
            case "back"?: side = .backward
            case "forward"?: side = .forward
            case let other?: throw .badArgument(name, other)
            case nil: throw .missingArgument(name)
            }
            self = name == "skip" ? .skip(side) : .doubleTap(side)
        case "sub-seek":
            try arity(1)
            self = .subtitleSeek(try whole(0))
        case "speed-step":
            try arity(1)
            self = .speedStep(try whole(0))
        case "list-move":
            try arity(1)
            self = .listMove(try whole(0))
        case "list-page":
            try arity(1)
            self = .listPage(try whole(0))
        case "frame-step": self = try only(.frameStep)
        case "frame-back-step": self = try only(.frameBackStep)
        case "help": self = try only(.help)
        case "close": self = try only(.close)
        case "quit": self = try only(.quit)
        case "interrupt": self = try only(.interrupt)
        case "suspend": self = try only(.suspend)
        case "redraw": self = try only(.redraw)
        case "playlist-next": self = try only(.playlistNext)
        case "playlist-prev": self = try only(.playlistPrevious)
        case "tracks-menu": self = try only(.tracksMenu)
        case "poster": self = try only(.poster)
        case "play": self = try only(.play)
        case "list-first": self = try only(.listFirst)
        case "list-last": self = try only(.listLast)
        case "filter": self = try only(.filter)
        case "forget": self = try only(.forget)
        case "forget-undo": self = try only(.forgetUndo)
        case "forget-all": self = try only(.forgetAll)
        case "ignore": self = try only(.ignore)
        default: throw .unknown(name)
        }
    }

    /// A number as a command writes it: no exponent, no trailing zeros ("10", "-0.1", "1.25").
    static func number(_ value: Double) -> String {
        DecimalText.format(value, maximumFractionDigits: 3)
    }
}

/// Why a command's text could not be read.
public enum CommandParseError: Error, Sendable, Equatable, CustomStringConvertible {
    case empty
    case unknown(String)
    case missingArgument(String)
    case extraArguments(String)
    case badArgument(String, String)

    public var description: String {
        switch self {
        case .empty: "no command"
        case .unknown(let name): "unknown command '\(name)'"
        case .missingArgument(let name): "'\(name)' needs an argument"
        case .extraArguments(let name): "too many arguments for '\(name)'"
        case .badArgument(let name, let argument): "'\(argument)' is not an argument of '\(name)'"
        }
    }
}
