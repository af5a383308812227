import Controls
import Media

/// What the player screen asks the app to do: every one is a real mpv command or an app step.
public enum PlayerAction: Sendable, Equatable {
    case play
    case pause
    /// Toggle pause in mpv, by mpv's own state (which may be newer than the screen's).
    case togglePause
    /// Seek to 0 and play: play pressed at the end.
    case restartAndPlay
    /// A seek, through the app's coalescer: relative moves add up while one is in flight.
    case seek(SeekRequest)
    case setVolume(Double)
    case setMuted(Bool)
    case frameStep
    case frameBackStep
    /// Play this audio track (nil: none).
    case selectAudio(Int?)
    /// Show this subtitle track (nil: none).
    case selectSubtitles(Int?)
    /// Subtitles drawn or hidden (reel's `v`); the app keeps mpv drawing picture subtitles only
    /// while they are shown.
    case setSubtitlesVisible(Bool)
    case setSubtitleDelay(Seconds)
    case setAudioDelay(Seconds)
    /// To the next (1) or previous (-1) subtitle line.
    case subtitleSeek(Int)
    /// By chapters, with mpv's threshold: back from more than 2 s in goes to the chapter's start.
    case addChapter(Int)
    case setSpeed(Double)
    case setLoopsFile(Bool)
    /// The A-B loop's points (either unset when nil).
    case setABLoop(ABLoop)
    /// Take the frame as a PNG, with the subtitles or without; the session says where it went.
    case screenshot(subtitles: Bool)
    /// Read the lines of this subtitle track, for the jump to a line; the app hands them back
    /// with ``PlayerScreen/receiveSubtitleLines(trackID:lines:failure:)``.
    case readSubtitleLines(Track)
    /// Loop the list on or off (the session says which in a notice).
    case cycleLoopPlaylist
    /// Shuffle what is still to come of the list, or put it back in order (with a notice).
    case cycleShuffle
    /// The next or previous item of the playlist.
    case playlistNext
    case playlistPrevious
    /// Play the Up next item now.
    case acceptUpNext
    /// Close the Up next card and stay.
    case dismissUpNext
    /// Leave the player: cancel an opening, back to the poster or the list, or quit when there is
    /// nothing to go back to.
    case close
    /// The scrub preview: the pointer is over the scrubber at this time (ask for the frame
    /// there), or nil: it left, and the card went.
    case preview(Seconds?)
}
