import Controls
import Options

/// A paused picture made sharp again: kitty images sized down for the link
/// (``FrameRenderer/refinesStill``) go once more, larger, once the picture has stood still.
extension AppLoop {
    /// How long the screen stands unchanged before its images that went smaller are sent again.
    static let stillBeforeRefining = 0.5

    /// When the images that went smaller may go again, sharper: once the screen has stood still
    /// that long with the video paused (a still screen while playing is a stall, not a picture
    /// to look at) and nothing in flight on the link. Nil otherwise, or while that frame is being
    /// drawn, so that the loop never wakes for a deadline it cannot act on (the answer or the
    /// pause that makes it due wakes the loop itself).
    var refineDeadline: Double? {
        guard renderer.refinesStill, !renderer.refiningStill, playback.player.state.isPaused == true,
              pacer.outstanding.isEmpty, output.isIdle else { return nil }
        return lastScreenAt + AppLoop.stillBeforeRefining
    }

    /// Asks for the frame that sends them again once it is due (a key pressed meanwhile waits
    /// behind at most that image, which ``KittyImageFit/stillTime`` bounds).
    func refineStill(now: Double) {
        guard let due = refineDeadline, now >= due else { return }
        renderer.refiningStill = true
        TraceLog.shared?.record("refine still", now: now)
        _ = scheduler.event(.redrawRequested, now: now)
    }
}
