import Formatting

extension Command {
    /// Every command's text form and parse, one row each, as mpv's input.conf writes commands:
    /// the words, the number if there is one, and the screens a key bound to it works on.
    static let forms: [CommandForm] = {
        let everywhere = Set(ScreenKind.allCases)
        let list: Set<ScreenKind> = [.list]
        let always = Set(KeyMode.allCases)
        return [
            .fixed("cycle pause", .cyclePause),
            .fixed("double-tap back", .doubleTap(.backward)),
            .fixed("double-tap forward", .doubleTap(.forward)),
            .fixed("skip back", .skip(.backward)),
            .fixed("skip forward", .skip(.forward)),
            // The suffixed forms first: a bad number after `seek` is reported for the form its suffix names.
            .decimal("seek", 0...100, then: "absolute-percent", { .seek($0, .absolutePercent) }) {
                if case .seek(let percent, .absolutePercent) = $0 { percent } else { nil }
            },
            .decimal("seek", -360_000...360_000, then: "absolute", { .seek($0, .absolute) }) {
                if case .seek(let seconds, .absolute) = $0 { seconds } else { nil }
            },
            .decimal("seek", -360_000...360_000, { .seek($0, .relative) }) {
                if case .seek(let seconds, .relative) = $0 { seconds } else { nil }
            },
            .decimal("add volume", -130...130, Command.addVolume) { if case .addVolume(let step) = $0 { step } else { nil } },
            .fixed("cycle mute", .cycleMute),
            .fixed("frame-step", .frameStep),
            .fixed("frame-back-step", .frameBackStep),
            .fixed("cycle controls", .cycleControls),
            .fixed("help", .help, screens: everywhere),
            .fixed("close", .close, screens: everywhere),
            .fixed("close menus", .closeMenus),
            .fixed("quit", .quit, screens: everywhere, modes: KeyMode.withCommands.union([.help, .tracksMenu])),
            .fixed("interrupt", .interrupt, screens: everywhere, modes: always),
            .fixed("suspend", .suspend, screens: everywhere, modes: always),
            .fixed("redraw", .redraw, screens: everywhere, modes: always),
            .fixed("cycle sub", .cycleSubtitles(forward: true)),
            .fixed("cycle sub down", .cycleSubtitles(forward: false)),
            .fixed("cycle sub-visibility", .cycleSubtitleVisibility),
            .fixed("cycle audio", .cycleAudio(forward: true)),
            .fixed("cycle audio down", .cycleAudio(forward: false)),
            .decimal("add sub-delay", -600...600, Command.addSubtitleDelay) {
                if case .addSubtitleDelay(let step) = $0 { step } else { nil }
            },
            .decimal("add audio-delay", -600...600, Command.addAudioDelay) {
                if case .addAudioDelay(let step) = $0 { step } else { nil }
            },
            .whole("sub-seek", Command.subtitleSeek) { if case .subtitleSeek(let lines) = $0 { lines } else { nil } },
            .whole("add chapter", Command.addChapter) { if case .addChapter(let chapters) = $0 { chapters } else { nil } },
            .fixed("playlist-next", .playlistNext),
            .fixed("playlist-prev", .playlistPrevious),
            .fixed("cycle loop-file", .cycleLoopFile),
            .fixed("cycle loop-playlist", .cycleLoopPlaylist),
            .fixed("cycle shuffle", .cycleShuffle),
            .whole("speed-step", Command.speedStep) { if case .speedStep(let steps) = $0 { steps } else { nil } },
            .decimal("set speed", 0.01...100, Command.setSpeed) { if case .setSpeed(let speed) = $0 { speed } else { nil } },
            .decimal("multiply speed", 0.01...100, Command.multiplySpeed) {
                if case .multiplySpeed(let factor) = $0 { factor } else { nil }
            },
            .fixed("show-progress", .showProgress),
            .fixed("ab-loop", .abLoop),
            .fixed("subtitle-lines", .subtitleLines),
            .fixed("screenshot", .screenshot(subtitles: true)),
            .fixed("screenshot video", .screenshot(subtitles: false)),
            .fixed("stats", .stats),
            .fixed("stats toggle", .statsToggle),
            .fixed("tracks-menu", .tracksMenu),
            .fixed("cycle remaining", .cycleRemaining),
            .fixed("poster", .poster, screens: list),
            .fixed("play", .play, screens: [.list, .poster]),
            .whole("list-move", screens: list, Command.listMove) { if case .listMove(let items) = $0 { items } else { nil } },
            .whole("list-page", screens: list, Command.listPage) { if case .listPage(let pages) = $0 { pages } else { nil } },
            .fixed("list-first", .listFirst, screens: list),
            .fixed("list-last", .listLast, screens: list),
            .fixed("filter", .filter, screens: list),
            .fixed("filter-accept", .filterAccept, screens: list),
            .fixed("filter-erase", .filterErase, screens: list),
            .fixed("filter-clear", .filterClear, screens: list),
            .fixed("forget", .forget, screens: list),
            .fixed("forget-undo", .forgetUndo, screens: list),
            .fixed("forget-all", .forgetAll, screens: list),
            .fixed("ignore", .ignore, screens: everywhere),
        ]
    }()

    /// The row `self` is written by. Every command has one; a test keeps it so.
    var form: CommandForm? { Command.forms.first { $0.text(of: self) != nil } }

    /// The command in its text form, as a config file writes it: `seek 10`, `cycle sub`.
    public var text: String { Command.forms.lazy.compactMap { $0.text(of: self) }.first ?? "" }

    /// The screens a command works on when a user binds it.
    public var screens: Set<ScreenKind> { form?.screens ?? [.player] }

    /// The modes a command works in when a user binds it.
    public var modes: Set<KeyMode> { form?.modes ?? KeyMode.withCommands }

    /// Reads a command's text form through the rows; throws with a short reason when it is not one.
    ///
    /// When no row matches, the error is the one of the row the text came nearest: all its words
    /// given (the most of them), else the most words right, else the first row of that name.
    public init(parsing text: String) throws(CommandParseError) {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let name = words.first else { throw .empty }
        let candidates = Command.forms.filter { $0.words.first == name }
        guard !candidates.isEmpty else { throw .unknown(name) }
        var nearest: (error: CommandParseError, matchedWords: Int, allWords: Bool)?
        for form in candidates {
            let result = form.match(words)
            if let command = result.command { self = command; return }
            guard let error = result.error else { continue }
            let isNearer = nearest.map { near in
                result.allWords != near.allWords ? result.allWords : result.matchedWords > near.matchedWords
            } ?? true
            if isNearer { nearest = (error, result.matchedWords, result.allWords) }
        }
        throw nearest?.error ?? .unknown(name)
    }

    /// A number as a command writes it: no exponent, no trailing zeros ("10", "-0.1", "1.25").
    public static func number(_ value: Double) -> String {
        DecimalText.format(value, maximumFractionDigits: 3)
    }
}
