/// What one pump of the session saw (``PlaybackSession/pump(now:)``): what the commands the core
/// returned report to the loop and its scenes.
struct PumpResult {
    /// mpv finished a seek (for the screen reader).
    var seekCompleted = false
    /// Something changed: the status was rebuilt.
    var changed = false
    /// mpv restarted playback at a new position after the item was ready: a seek, reel's or
    /// a client's (for MPRIS's `Seeked`).
    var restarted = false
    /// That restart was none of reel's seeks: a client of the IPC socket, a chapter move.
    var seekedFromOutside = false
    /// A file started that reel did not ask for: a client's `loadfile` (the player must show it).
    var startedFromOutside = false
    /// mpv is shutting down: a client's `quit` (the run ends as q ends it).
    var mpvQuit = false

    /// Adds what `other` saw.
    mutating func merge(_ other: PumpResult) {
        seekCompleted = seekCompleted || other.seekCompleted
        changed = changed || other.changed
        restarted = restarted || other.restarted
        seekedFromOutside = seekedFromOutside || other.seekedFromOutside
        startedFromOutside = startedFromOutside || other.startedFromOutside
        mpvQuit = mpvQuit || other.mpvQuit
    }
}
