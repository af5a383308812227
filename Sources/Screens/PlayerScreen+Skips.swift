import Controls

/// Skips: double taps, skips at once, and their tally.
extension PlayerScreen {
    /// A tap (key press or click) on one half of the video.
    mutating func tap(_ side: SeekSide, at point: Point?, now: Seconds) -> [PlayerAction] {
        perform(doubleTap.tap(side, at: point, now: now), now: now, fromClick: point != nil)
    }

    /// A skip at once (j and l, the ± buttons, a bound `seek N`): shown in the tally.
    mutating func skip(by seconds: Seconds, now: Seconds) -> [PlayerAction] {
        chrome.activity(now: now)
        guard seconds != 0 else { return [] }
        let side: SeekSide = seconds < 0 ? .backward : .forward
        if let notice = edgeNotice(side) {
            notify(notice, now: now)
            return []
        }
        return perform(doubleTap.skip(side, seconds: abs(seconds), now: now), now: now)
    }

    /// "At the end" or "At the start" when a skip that way would move nothing.
    func edgeNotice(_ side: SeekSide) -> String? {
        guard status.isLoaded else { return nil }
        if side == .forward, status.isAtEnd { return "At the end" }
        if side == .backward, MediaTime.safeDuration(status.duration) > 0, (status.position ?? 0) <= 0.01 { return "At the start" }
        return nil
    }

    mutating func perform(_ action: DoubleTapSeek.Action, now: Seconds, fromClick: Bool = false) -> [PlayerAction] {
        switch action {
        case .none: return []
        case .showChrome:
            chrome.activity(now: now)
            return []
        case .singleTap:
            toggleChrome(now: now)
            return []
        case .skip(let seconds):
            let side: SeekSide = seconds < 0 ? .backward : .forward
            if let notice = edgeNotice(side) {
                notify(notice, now: now)
                return []
            }
            // A double click on the video skips without bringing up the controls (the skip's own
            // feedback shows); keys and buttons count as activity, which shows them.
            if fromClick { chrome.keepAlive(now: now) } else { chrome.seeked(now: now) }
            if let tally = doubleTap.tally(at: now) { pendingAnnouncement = SkipAnnouncement(seconds: tally.signedSeconds) }
            return [.seek(.by(seconds))]
        }
    }
}
