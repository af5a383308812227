import Controls

/// Something a key can do, named like mpv's input commands so that a binding reads like a line
/// of mpv's `input.conf` (`seek 10`, `cycle sub`, `add volume 5`, `add chapter 1`).
///
/// ``CommandTable`` maps keys to commands for each screen; the screens carry commands out.
/// Each command's text form is one row of ``Command/forms``, which `Command(parsing:)` reads and
/// ``text`` writes back.
public enum Command: Sendable, Hashable {
    /// `cycle pause`: play or pause; at the end, start again.
    case cyclePause
    /// `double-tap back|forward`: once shows the controls; twice within the double-tap window
    /// (`--double-tap-window`) skips one interval, and further taps add to the tally.
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
    /// `close menus`: close what is over the picture (the help, a menu, the stats, Up next), and
    /// never the player itself (mpv's Esc, which only leaves full screen).
    case closeMenus
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
    /// `multiply speed X`: the speed times X (mpv's `[` `]` `{` `}`).
    case multiplySpeed(Double)
    /// `show-progress`: show the controls, with the position (mpv's `o`, `P`).
    case showProgress
    /// `ab-loop`: set the A-B loop's A here, then its B, then clear it (mpv's `l`).
    case abLoop
    /// `screenshot` / `screenshot video`: the frame as a PNG at the video's own size, with the
    /// subtitles or without (mpv's `s`, `S`).
    case screenshot(subtitles: Bool)
    /// `subtitle-lines`: the subtitle track's lines, to search and jump to.
    case subtitleLines
    /// `stats` / `stats toggle`: the stats panel for a few seconds, or kept up (mpv's `i`, `I`).
    case stats
    case statsToggle
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
    /// `filter-accept`: keep the filter and stop typing it.
    case filterAccept
    /// `filter-erase`: the filter's last character goes.
    case filterErase
    /// `filter-clear`: the filter's whole text goes.
    case filterClear
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
