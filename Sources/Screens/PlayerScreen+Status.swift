import Controls

extension PlayerScreen {
    /// Takes mpv's latest state and the session's phase.
    public mutating func update(_ newStatus: MediaStatus, now: Seconds) {
        let old = status
        status = newStatus
        announceOutsideChanges(from: old, to: newStatus, awaited: pending.awaited(now: now), now: now)
        pending.confirm(newStatus)
        scrubber.updateDuration(newStatus.isImage ? nil : newStatus.duration)
        // At an end that finishes the run (--keep-open=no, nothing next) reel quits: the last
        // frame shows as it is, instead of under controls that would flash up for one frame.
        let finishes = newStatus.finishesRun
        if old.isPlaying != newStatus.isPlaying, !finishes {
            chrome.playbackChanged(isPlaying: newStatus.isPlaying, now: now)
        }
        if newStatus.isAtEnd, !old.isAtEnd, !finishes { chrome.ended(now: now) }
        if newStatus.phase.isOpening, !old.phase.isOpening {
            // A new item: its controls start up, and nothing of the last one's stays open.
            menu = nil
            pendingChapterNotice = false
            chrome.activity(now: now)
        }
        if pendingChapterNotice, newStatus.chapterIndex != old.chapterIndex, let index = newStatus.chapterIndex {
            pendingChapterNotice = false
            notify(chapterNotice(index), now: now)
        }
        if menu != nil, !newStatus.tracks.sameStreams(as: old.tracks) || newStatus.chapters != old.chapters {
            menu = TracksMenu(status: newStatus)
        }
        announceChanges(from: old, to: newStatus)
        if toast?.isResumeNotice == true, Self.startedOver(from: old, to: newStatus) { toast = nil }
        if old != newStatus { needsRedraw = true }
    }

    /// Whether playback moved back to the start of the same item (Home, 0, a skip or a drag
    /// there): the resume notice's "Home to start over" is done with then.
    static func startedOver(from old: MediaStatus, to new: MediaStatus) -> Bool {
        guard old.isLoaded, new.isLoaded, old.phase.item == new.phase.item,
              let before = old.position, let after = new.position else { return false }
        return after < startThreshold && before >= startThreshold
    }

    /// How near the start a position must be to count as the start, for the resume notice.
    static let startThreshold: Seconds = 0.5

    /// mpv finished a seek and shows the new position: the screen reader says where it landed.
    public mutating func seekCompleted(now: Seconds) {
        guard configuration.screenReader, let position = status.position else { return }
        let place = clockText(MediaTime.position(position, duration: MediaTime.safeDuration(status.duration)))
        if let skip = pendingAnnouncement {
            let direction = skip.seconds < 0 ? "back" : "forward"
            speak("Skipped \(direction) \(SkipTally.number(abs(skip.seconds))) seconds to \(place)")
            pendingAnnouncement = nil
        } else {
            speak("Moved to \(place)")
        }
    }
}
