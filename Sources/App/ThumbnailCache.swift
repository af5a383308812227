import Glibc
import Playback
import Synchronization

/// Keeps what probes learned (metadata and the still) in memory and on disk, keyed by path,
/// size and modification time, so that a library opens with its thumbnails the second time.
///
/// On disk each file has one record (``ProbeRecord``) under `$XDG_CACHE_HOME/reel/probes`
/// (else `~/.cache/reel/probes`), named by a hash of its path. Records are written to a
/// temporary file and renamed into place, so a reader never sees half of one. A record whose key
/// does not match (the file changed, or two paths share a hash) is a miss and is overwritten.
/// Safe to use from several threads at once.
final class ThumbnailCache: Sendable {
    /// Where the records live, or nil for a memory-only cache.
    let directory: String?
    private let memory = Mutex<[ProbeKey: MediaProbe.Result]>([:])

    /// A cache under `directory` (created when missing); nil keeps it in memory only.
    init(directory: String?) {
        if let directory, Self.makeDirectories(directory) {
            self.directory = directory
        } else {
            self.directory = nil
        }
    }

    /// The cache's folder from the environment: `$XDG_CACHE_HOME/reel/probes`, else
    /// `$HOME/.cache/reel/probes`; nil when neither is set to an absolute path.
    static func defaultDirectory(environment: [String: String]) -> String? {
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") { return base + "/reel/probes" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/reel/probes" }
        return nil
    }

    /// The stored outcome for exactly this version of the file, whose still (if any) is
    /// `stillSize`; nil on a miss.
    func lookup(_ key: ProbeKey, stillSize: (width: Int, height: Int)) -> MediaProbe.Result? {
        if let hit = memory.withLock({ $0[key] }) { return hit }
        guard let path = recordPath(for: key.path), let bytes = Self.readFile(path),
              let record = ProbeRecord(decoding: bytes), record.key == key else { return nil }
        if case .playable(_, let still?) = record.result, still.width != stillSize.width || still.height != stillSize.height {
            return nil
        }
        memory.withLock { $0[key] = record.result }
        return record.result
    }

    /// Remembers `result` for this version of the file, in memory and on disk.
    func store(_ result: MediaProbe.Result, for key: ProbeKey) {
        memory.withLock { $0[key] = result }
        guard let path = recordPath(for: key.path) else { return }
        Self.writeAtomically(ProbeRecord(key: key, result: result).encoded(), to: path)
    }

    /// The record's file for `path`: 16 hex digits of its FNV-1a hash.
    func recordPath(for path: String) -> String? {
        guard let directory else { return nil }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return directory + "/" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    // MARK: Files

    /// Whether `path` is a directory, after creating it and its parents where missing.
    private static func makeDirectories(_ path: String) -> Bool {
        guard (try? PathEncoding.makeDirectories(path)) != nil else { return false }
        return InputCheck.kind(of: path) == .directory
    }

    private static func readFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
            if bytes.count > 1 << 24 { return nil }
        }
    }

    /// Writes `bytes` to a temporary file beside `path`, then renames it over `path`.
    @discardableResult
    static func writeAtomically(_ bytes: [UInt8], to path: String) -> Bool {
        let temporary = "\(path).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        var offset = 0
        var ok = true
        bytes.withUnsafeBytes { raw in
            while offset < raw.count, let base = raw.baseAddress {
                let written = write(descriptor, base + offset, raw.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { ok = false; return }
                offset += written
            }
        }
        close(descriptor)
        guard ok, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}
