import Controls
import History
import Screens
import Session
import System

/// Reads and writes an item's resume record in a ``ResumeStore``: read for the item about to
/// open, written from the screens' status as the core says (its end, leaving, every 15 s).
struct ResumeRecordWriter {
    /// Where the records are kept.
    let store: ResumeStore

    /// The record of `item` for the core, when one is kept and the file is still the same.
    func resume(of item: PlaylistItem) -> SessionCore.Resume? {
        guard let key = item.resumeKey else { return nil }
        let stamp = item.source.absolutePath.flatMap(FileSystem.fileStamp)
        guard let record = store.record(for: key, stamp: stamp) else { return nil }
        return SessionCore.Resume(position: record.position, watched: record.watched, audioTrack: record.audioTrack,
                                  subtitleTrack: record.subtitleTrack, subtitleDelay: record.subtitleDelay,
                                  audioDelay: record.audioDelay)
    }

    /// Saves where `item` is from `status`, at its end (`isAtEnd`, the core's decision) or not, as
    /// the core's rule says (``PlaybackCore/resumeSave(position:duration:atEnd:isNetworkStream:)``);
    /// the system's reason when the save failed.
    func save(_ item: PlaylistItem, status: MediaStatus, isAtEnd: Bool) -> String? {
        guard let key = item.resumeKey, let position = status.position else { return nil }
        switch PlaybackCore.resumeSave(position: position, duration: status.duration, atEnd: isAtEnd,
                                       isNetworkStream: status.isNetworkStream) {
        case .skip:
            return nil
        case .forget:
            store.forget(key)
            return nil
        case .save(let watched):
            var record = ResumeRecord(key: key, position: position)
            if let stamp = item.source.absolutePath.flatMap(FileSystem.fileStamp) {
                record.size = stamp.size
                record.modified = stamp.modified
            }
            record.duration = status.duration
            record.watched = watched
            record.audioTrack = status.audioTrack
            record.subtitleTrack = .some(status.subtitleTrack)
            record.subtitleDelay = status.subtitleDelay
            record.audioDelay = status.audioDelay
            record.title = status.title.flatMap { $0.isEmpty ? nil : $0 } ?? item.name
            record.watchedAt = WallClock.now()
            return store.save(record)
        }
    }
}
