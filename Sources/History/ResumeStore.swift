import Playback
import System

/// reel's resume records, one file per path or URL in `$XDG_STATE_HOME/reel/resume`.
///
/// A directory that cannot be made or written turns resuming off for the run, with one notice
/// naming the directory and the reason; a save that fails later gives the same notice once, and
/// each save after it is still tried (the last one, at the end of the run, says on stderr when it
/// fails: a full disk).
public final class ResumeStore {
    /// Where the records live.
    public let directory: FilePath
    /// The directory was there or could be made: saves are tried.
    private var directoryMade = true
    /// Why resuming is off, once it is: the notice for the screen, said once.
    public private(set) var failure: String?
    private var failureReported = false

    /// Opens (making it when missing) the directory; `home` is never made (``FileSystem/makeDirectories(_:home:)``).
    public init(directory: FilePath, home: FilePath? = nil) {
        self.directory = directory
        do {
            try FileSystem.makeDirectories(directory, home: home)
        } catch {
            directoryMade = false
            failure = ResumeStore.notice(directory: directory, error: error)
        }
    }

    /// `$XDG_STATE_HOME/reel/resume`, else `~/.local/state/reel/resume`; nil when neither is known.
    public static func defaultDirectory(environment: [String: String]) -> FilePath? {
        XDGDirectory.state.reelPath("resume", environment: environment)
    }

    /// Whether records can be kept.
    var isWorking: Bool { failure == nil }

    /// The notice to show, once: nil after the first time, and while all is well.
    public func takeFailureNotice() -> String? {
        guard let failure, !failureReported else { return nil }
        failureReported = true
        return failure
    }

    /// The record for `key`, when there is one that still applies: for a local file, one made for
    /// the file as it is now (same size and modification time).
    public func record(for key: String, stamp: (size: Int64, modified: Int64)?) -> ResumeRecord? {
        guard isWorking, let bytes = FileSystem.read(path(for: key), limit: 16_384),
              let record = ResumeRecord(text: PathEncoding.string(fromBytes: bytes)), record.key == key else { return nil }
        if let stamp, record.size != stamp.size || record.modified != stamp.modified { return nil }
        return record
    }

    /// Saves `record`, atomically; the system's reason when that failed (`No space left on
    /// device`), nil when it was saved or no save is tried (the directory could not be made).
    @discardableResult
    public func save(_ record: ResumeRecord) -> String? {
        guard directoryMade else { return nil }
        do {
            try FileSystem.writeAtomically(PathEncoding.bytes(of: record.text), to: path(for: record.key))
            return nil
        } catch {
            failure = failure ?? ResumeStore.notice(directory: directory, error: error)
            return error.reason
        }
    }

    /// Every readable record, each with when it was last watched: its `watched-at`, or for a
    /// record written before reel kept that, its file's modification time. Records that do not
    /// parse are left out (and left alone).
    func allRecords() -> [(record: ResumeRecord, watchedAt: Int64)] { Self.records(in: directory) }

    /// The records in `directory` (see ``allRecords()``), read without making the directory.
    public static func records(in directory: FilePath) -> [(record: ResumeRecord, watchedAt: Int64)] {
        guard let reader = try? DirectoryReader(path: directory) else { return [] }
        var records: [(record: ResumeRecord, watchedAt: Int64)] = []
        while let (name, entry) = reader.next() {
            guard case .file = entry, name.description.hasSuffix(".resume") else { continue }
            let path = directory.appending(name)
            guard let bytes = FileSystem.read(path, limit: 16_384),
                  let record = ResumeRecord(text: PathEncoding.string(fromBytes: bytes)),
                  Self.path(for: record.key, in: directory) == path else { continue }
            let watchedAt = record.watchedAt ?? (FileSystem.fileStamp(path).map { $0.modified / 1_000_000_000 } ?? 0)
            records.append((record, watchedAt))
        }
        return records
    }

    /// Forgets the record for `key`.
    public func forget(_ key: String) {
        FileSystem.remove(path(for: key))
    }

    /// The record's file: a hash of the key's bytes (a path's exact bytes), and `.resume`.
    public func path(for key: String) -> FilePath { Self.path(for: key, in: directory) }

    /// The file of `key`'s record in `directory`.
    public static func path(for key: String, in directory: FilePath) -> FilePath {
        directory.appending(FileSystem.hashName(PathEncoding.bytes(of: key)) + ".resume")
    }

    /// Forgets every record in the directory; returns how many there were.
    @discardableResult
    public func forgetAll() -> Int {
        let all = allRecords()
        for (record, _) in all { forget(record.key) }
        return all.count
    }

    private static func notice(directory: FilePath, error: SystemError) -> String {
        "Resume is off: cannot use \(directory): \(error.reason)"
    }
}
