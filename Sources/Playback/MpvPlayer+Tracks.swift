import Formatting
import Media
extension MpvPlayer {
    /// Plays audio track `choice` (mpv's `aid`).
    public func setAudioTrack(_ choice: TrackChoice) throws(MpvError) {
        try handle.setProperty("aid", choice.optionValue)
    }

    /// Selects subtitle track `choice` (mpv's `sid`).
    ///
    /// Paused, mpv decodes nothing of the new track until playback moves; a seek to where
    /// playback is makes it read the line showing now, so `sub-text` follows at once.
    public func setSubtitleTrack(_ choice: TrackChoice) throws(MpvError) {
        try handle.setProperty("sid", choice.optionValue)
        if state.isPaused == true, choice != .none {
            try handle.commandAsync(["seek", "0", "relative+exact"], id: makeRequestID())
        }
    }

    /// Whether mpv draws subtitles into the picture (`sub-visibility`). Text subtitles are drawn
    /// by the app from `sub-text`, which keeps updating while this is off; subtitles made of
    /// pictures have no text, so mpv must draw those.
    public func setSubtitlesDrawnByMpv(_ drawn: Bool) throws(MpvError) {
        try handle.setProperty("sub-visibility", drawn)
        try handle.setProperty("secondary-sub-visibility", drawn)
    }

    /// Sets the subtitle delay, seconds (positive shows them later).
    public func setSubtitleDelay(_ seconds: Double) throws(MpvError) {
        try handle.setProperty("sub-delay", seconds)
    }

    /// Sets the audio delay, seconds (positive plays the sound later).
    public func setAudioDelay(_ seconds: Double) throws(MpvError) {
        try handle.setProperty("audio-delay", seconds)
    }

    /// Seeks to the start of the next (`1`) or previous (`-1`) subtitle line (mpv's `sub-seek`).
    @discardableResult
    public func seekSubtitle(by lines: Int) throws(MpvError) -> UInt64 {
        let id = makeRequestID()
        try handle.commandAsync(["sub-seek", String(lines)], id: id)
        return id
    }

    /// Moves by `chapters` chapters (mpv's `add chapter N`): back from more than
    /// `chapter-seek-threshold` into a chapter goes to its start first.
    @discardableResult
    public func moveChapter(by chapters: Int) throws(MpvError) -> UInt64 {
        let id = makeRequestID()
        try handle.commandAsync(["add", "chapter", String(chapters)], id: id)
        return id
    }

    /// Loops the current file forever, or stops looping it (`loop-file`).
    public func setLoopsFile(_ loops: Bool) throws(MpvError) {
        try handle.setProperty("loop-file", loops ? "inf" : "no")
    }

    /// Sets the A-B loop's points (`ab-loop-a`, `ab-loop-b`); nil unsets one. mpv plays from A
    /// again each time it reaches B, once both are set.
    public func setABLoop(a: Double?, b: Double?) throws(MpvError) {
        func text(_ point: Double?) -> String { point.map { DecimalText.format(max($0, 0), maximumFractionDigits: 6) } ?? "no" }
        try handle.setProperty("ab-loop-a", text(a))
        try handle.setProperty("ab-loop-b", text(b))
    }
}
