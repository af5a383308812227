import Controls
import History
import Session
import Playback
import System

/// Resume records: read for the item about to open, written when it is left, at its end and
/// every 15 s while it plays.
extension PlaybackSession {
    /// What the load hook needs to know about the item about to open, for the core: whether it
    /// must not open, and its resume record. Autoloading beside it is guarded here.
    func opening() -> SessionCore.Opening {
        guard let item = currentPlaylistItem else { return SessionCore.Opening() }
        if let entry = entryRefusedFromNetwork(item) {
            player.leaveOut(entry)
            return SessionCore.Opening(refusal: "a playlist from the network may not open local files or mpv's special protocols",
                                       leavesOut: true)
        }
        // A FIFO that a playlist lists, or that a client loads, would hold mpv's open for ever (a
        // path given on the command line is the user's own pipe, and is read).
        if let refusal = item.refusal { return SessionCore.Opening(refusal: refusal) }
        if let notice = SidecarGuard.guardSidecars(of: item, player: player) { announce(notice) }
        return SessionCore.Opening(resume: resume.flatMap { ResumeRecordWriter(store: $0).resume(of: item) })
    }

    /// The file mpv is about to open, when the core refuses it: a playlist from the network lists
    /// it and it is no network URL (``PlaybackCore/refusesEntry(_:openingIsNetworkURL:itemKey:itemIsNetworkURL:itemFromNetworkPlaylist:)``).
    private func entryRefusedFromNetwork(_ item: PlaylistItem) -> String? {
        guard let opening = player.openingFilename,
              PlaybackCore.refusesEntry(opening, openingIsNetworkURL: MediaSource.isNetworkURL(opening), itemKey: item.source.mpvName,
                                        itemIsNetworkURL: item.source.isNetworkURL, itemFromNetworkPlaylist: item.isFromNetworkPlaylist)
        else { return nil }
        return opening
    }

    /// Saves where the current item is, with its tracks and delays, or marks it watched.
    func saveResumePosition(now: Double) {
        saveResumePosition(of: isReady ? currentItem : nil, isAtEnd: core.isAtEnd, now: now)
    }

    /// Saves where the current item is as the run ends; the line for stderr, once the terminal
    /// is restored, when that failed (a full disk): no notice can say so any more.
    func saveResumePositionAtExit(now: Double) -> String? {
        let index = isReady ? currentItem : nil
        guard let reason = saveResumePosition(of: index, isAtEnd: core.isAtEnd, now: now), let index else { return nil }
        return "reel: could not save the position of \(ReelApp.failureName(items[index])): \(reason)"
    }

    /// Saves where item `index` is, from the status as it stands (the core may already be on
    /// the next item, which has not started loading yet), at its end (`isAtEnd`, the core's
    /// decision) or not; the system's reason when the save failed.
    @discardableResult
    func saveResumePosition(of index: Int?, isAtEnd: Bool, now: Double) -> String? {
        take(.resumeSaved, now: now)
        guard let resume, let index, items.indices.contains(index), items[index].resumeKey != nil, status.position != nil else { return nil }
        let failure = ResumeRecordWriter(store: resume).save(items[index], status: status, isAtEnd: isAtEnd)
        if let notice = resume.takeFailureNotice() { notices.append(notice) }
        return failure
    }
}
