import Controls
import History
import Session
import Playback
import System

/// The item about to open, and resume records: read for the item about to open, written when it is left, at its end and
/// every 15 s while it plays.
extension PlaybackSession {
    /// Prepares the item about to open, as the core decided it may (``PlaybackCore/Command/prepareOpening(hook:)``):
    /// autoloading beside it is guarded, and its resume record goes to the core with load hook `hook`.
    func prepareOpening(hook: UInt64, now: Double) {
        let item = currentPlaylistItem
        if let item, let notice = SidecarGuard.guardSidecars(of: item, player: player) { announce(notice) }
        var record: SessionCore.Resume?
        if let item, let resume { record = ResumeRecordWriter(store: resume).resume(of: item) }
        take(.session(.loadHook(id: hook, SessionCore.Opening(resume: record))), now: now)
    }

    /// Saves where the current item is, with its tracks and delays, or marks it watched.
    func saveResumePosition(now: Double) {
        saveResumePosition(of: core.isReady ? core.currentItem : nil, isAtEnd: core.isAtEnd, now: now)
    }

    /// Saves where the current item is as the run ends; the line for stderr, once the terminal
    /// is restored, when that failed (a full disk): no notice can say so any more.
    func saveResumePositionAtExit(now: Double) -> String? {
        let index = core.isReady ? core.currentItem : nil
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
