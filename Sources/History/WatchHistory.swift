import Controls
import Formatting
import ListScreen
import Playback
import Screens
import System

/// The continue-watching list's data: the resume records as rows, most recent first
/// (``ContinueWatching``), and the forgetting, undo and clearing done to the records.
///
/// It reads the records without making the folder, so a first run, or a `--no-resume` one,
/// writes nothing; forgetting deletes a record at once, and its undo writes it back.
public final class WatchHistory {
    /// One row: the record, and when it was last watched.
    public struct Row {
        public var record: ResumeRecord
        public var watchedAt: Int64
    }

    /// Where the records are; nil when neither XDG_STATE_HOME nor HOME says.
    public let directory: FilePath?
    public private(set) var model: ContinueWatching
    /// The rows by key.
    private var rows: [String: Row] = [:]
    /// Wall-clock time and the zone's offset, read when the list is made and again on each
    /// ``reload(now:utcOffset:)``.
    public private(set) var now: Int64
    public private(set) var utcOffset: Int64

    /// The history in `directory` at `now` (seconds since 1970), in a zone `utcOffset` east of UTC.
    public init(directory: FilePath?, now: Int64, utcOffset: Int64) {
        self.directory = directory
        self.now = now
        self.utcOffset = utcOffset
        let all = directory.map(ResumeStore.records(in:)) ?? []
        for (record, watchedAt) in all { rows[record.key] = Row(record: record, watchedAt: watchedAt) }
        model = ContinueWatching(all.map { ContinueWatching.Entry(key: $0.record.key, lastWatched: $0.watchedAt, isFinished: $0.record.watched) },
                                 now: now)
    }

    /// Reads the records of the rows again at `now` (back from the player, which has just
    /// written one): their progress, time left and when. The rows keep their places and no
    /// record is added, so that the list and the session's items stay one.
    public func reload(now: Int64, utcOffset: Int64) {
        self.now = now
        self.utcOffset = utcOffset
        guard let directory else { return }
        for (record, watchedAt) in ResumeStore.records(in: directory) where rows[record.key] != nil {
            rows[record.key] = Row(record: record, watchedAt: watchedAt)
        }
    }

    /// The playlist items, in the list's order: a URL or a file, named by its title.
    public var items: [PlaylistItem] {
        model.entries.compactMap { entry in
            guard let row = rows[entry.key] else { return nil }
            let source: MediaSource = MediaSource.hasScheme(entry.key) ? .url(entry.key) : .file(FilePath(entry.key))
            var name = row.record.title.flatMap { $0.isEmpty ? nil : $0 } ?? PlaylistItem.defaultName(of: source)
            if case .url = source { name = DisplayURL.withoutSecrets(name) }
            return PlaylistItem(source: source, name: name)
        }
    }

    /// What the row of `item` shows beside its picture: the history line, why it is greyed, and
    /// for a URL the address without its secrets. Nil when `item` has no record.
    public func decorate(_ row: inout LibraryItem, for item: PlaylistItem) {
        guard let key = item.resumeKey, let entry = rows[key] else { return }
        let record = entry.record
        let left = record.duration.map { max($0 - record.position, 0) }
        row.history = HistoryLine(progress: record.progress, timeLeft: record.watched ? nil : left,
                                  when: RelativeDate.text(for: entry.watchedAt, now: now, utcOffset: utcOffset),
                                  place: record.duration.map { (record.position, $0) })
        switch item.source {
        case .url(let url):
            row.note = DisplayURL.withoutSecrets(url)
        case .file(let path):
            guard let stamp = FileSystem.fileStamp(path) else {
                row.state = .unplayable(reason: Self.noFileReason(path))
                row.note = nil
                return
            }
            let changed = record.size.map { $0 != stamp.size } == true || record.modified.map { $0 != stamp.modified } == true
            row.greyedReason = changed ? "changed since you watched it: it starts from the beginning" : nil
        case .standardInput:
            break
        }
    }

    /// Forgets the record of `key`: deleted now, kept here for an undo. Returns its title.
    public func forget(_ key: String) -> String? {
        guard case .delete(let entry) = model.event(.forget(key: key)) else { return nil }
        if let directory { FileSystem.remove(ResumeStore.path(for: entry.key, in: directory)) }
        return rows[key].map(title)
    }

    /// Brings the last forgotten record back (written again); returns its key.
    public func undo() -> String? {
        guard case .restore(let entry) = model.event(.undo), let row = rows[entry.key], let directory else { return nil }
        try? FileSystem.writeAtomically(PathEncoding.bytes(of: row.record.text), to: ResumeStore.path(for: entry.key, in: directory))
        return entry.key
    }

    /// Forgets every record in the list; returns how many.
    public func forgetAll() -> Int {
        guard case .deleteAll(let entries) = model.event(.forgetAll) else { return 0 }
        if let directory { for entry in entries { FileSystem.remove(ResumeStore.path(for: entry.key, in: directory)) } }
        return entries.count
    }

    private func title(_ row: Row) -> String {
        let source: MediaSource = MediaSource.hasScheme(row.record.key) ? .url(row.record.key) : .file(FilePath(row.record.key))
        let title = row.record.title.flatMap { $0.isEmpty ? nil : $0 } ?? PlaylistItem.defaultName(of: source)
        if case .url = source { return DisplayURL.withoutSecrets(title) }
        return title
    }
}
