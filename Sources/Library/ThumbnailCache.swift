import Playback
import System

/// Keeps what probes learned (metadata and the still) in memory and on disk, keyed by path,
/// size and modification time, so that a library opens with its thumbnails the second time.
///
/// On disk each file has one record (``ProbeRecord``) under `$XDG_CACHE_HOME/reel/probes`
/// (else `~/.cache/reel/probes`), named by a hash of its path. Records are written to a
/// temporary file and renamed into place, so a reader never sees half of one. A record whose key
/// does not match (the file changed, or two paths share a hash) is a miss and is overwritten.
/// Safe to use from several threads at once.
public final class ThumbnailCache: Sendable {
    /// Where the records live, or nil for a memory-only cache.
    public let directory: FilePath?
    private let memory = Locked<[ProbeKey: MediaProbe.Result]>([:])

    /// A cache under `directory` (created when missing, but never `home`:
    /// ``FileSystem/makeDirectories(_:home:)``); nil keeps it in memory only.
    public init(directory: FilePath?, home: FilePath? = nil) {
        if let directory, (try? FileSystem.makeDirectories(directory, home: home)) != nil {
            self.directory = directory
        } else {
            self.directory = nil
        }
    }

    /// The cache's folder from the environment: `$XDG_CACHE_HOME/reel/probes`, else
    /// `$HOME/.cache/reel/probes`; nil when neither is set to an absolute path.
    public static func defaultDirectory(environment: [String: String]) -> FilePath? {
        XDGDirectory.cache.reelPath("probes", environment: environment)
    }

    /// The stored outcome for exactly this version of the file, whose still (if any) is
    /// `stillSize`; nil on a miss.
    public func lookup(_ key: ProbeKey, stillSize: (width: Int, height: Int)) -> MediaProbe.Result? {
        if let hit = memory.withLock({ $0[key] }) { return hit }
        guard let path = recordPath(for: key.path), let bytes = FileSystem.read(path),
              let record = ProbeRecord(decoding: bytes), record.key == key else { return nil }
        if case .playable(_, let still?) = record.result, still.width != stillSize.width || still.height != stillSize.height {
            return nil
        }
        memory.withLock { $0[key] = record.result }
        return record.result
    }

    /// Remembers `result` for this version of the file, in memory and on disk.
    public func store(_ result: MediaProbe.Result, for key: ProbeKey) {
        memory.withLock { $0[key] = result }
        guard let path = recordPath(for: key.path) else { return }
        try? FileSystem.writeAtomically(ProbeRecord(key: key, result: result).encoded(), to: path)
    }

    /// The record's file for `path`: 16 hex digits of the FNV-1a hash of its bytes.
    func recordPath(for path: FilePath) -> FilePath? {
        directory?.appending(FileSystem.hashName(path.bytes))
    }
}
