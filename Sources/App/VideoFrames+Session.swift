import Drawing
import MediaJobs
import Playback
import Session

/// The frames a session hands to the screens: when one may wait for a busy terminal, and when
/// it is let go, by the item's phase.
extension VideoFrames {
    /// Takes a due frame of `player` at `size`, or lets it go when `draw` is false, for an item
    /// whose file is loaded (`fileLoaded`) or not, opening (`isOpening`) or not. True when a new
    /// picture is ready.
    func take(from player: any Player, size: (width: Int, height: Int), draw: Bool, now: Double,
              fileLoaded: Bool, isOpening: Bool, frameDuration: Double?) -> Bool {
        guard fileLoaded else {
            // Before the session has taken any frame, none can be an earlier item's: mpv queues
            // the load before the first frame, so a due frame is this item's own and waits for
            // the pump to see the load. (On a stalled machine the frame came due first, and was
            // let go: the first screen had no picture.)
            if rendered + skipped == 0 { return false }
            // Otherwise, before the new item's file is loaded, a frame is the last item's: let
            // go at once so mpv's video output never waits.
            patience = 0
            _ = take(from: player, size: size, draw: false, now: now)
            return false
        }
        // The item's first frames, which mpv shows while it waits paused for the restart, are
        // kept, so that the first screen after the restart shows the first frame (the screen
        // shows no picture while opening). They were let go at once, so an item opened in the
        // session (the next in a playlist, a file from the list) lost its first frame. (The
        // first file of a run opens in ReelApp.preflight, before the terminal is set up, and its
        // first frames still go there.) The core says how long a frame may wait.
        patience = PlaybackCore.framePatience(isOpening: isOpening, frameDuration: frameDuration)
        return take(from: player, size: size, draw: draw, now: now)
    }

    /// Takes a due frame of `session`'s item at `size`, or lets it go when `draw` is false.
    /// True when a new picture is ready.
    func take(for session: PlaybackSession, size: (width: Int, height: Int), draw: Bool, now: Double) -> Bool {
        let core = session.core
        return take(from: session.player, size: size, draw: draw, now: now, fileLoaded: core.isFileLoaded,
                    isOpening: core.machine.isOpening && !core.isReady, frameDuration: session.status.frameDuration)
    }

    /// Renders `session`'s current frame at `size` now (after a resize, or for a new frame size).
    @discardableResult
    func renderNow(for session: PlaybackSession, size: (width: Int, height: Int)) -> Bool {
        session.core.isReady && session.status.hasVideo && render(session.player, size: size)
    }

    /// The latest picture of `session`'s open item.
    func video(for session: PlaybackSession) -> PixelBuffer? { session.core.isReady ? video : nil }
}
