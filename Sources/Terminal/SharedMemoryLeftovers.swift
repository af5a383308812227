#if canImport(Glibc)
import Glibc
#endif
import System

/// The shared-memory objects and files a reel process made (``SharedMemoryObject``,
/// ``SharedMemoryFile``), named `/reel-<pid>-<n>`: each is unlinked by its owner, or by the
/// fatal-signal handler; what a process killed outright (SIGKILL) left in `/dev/shm` is
/// removed by its exit guard, through ``remove(madeBy:)``.
public enum SharedMemoryLeftovers {
    /// Where the system keeps POSIX shared memory, as files.
    static let folder = "/dev/shm"

    /// The name (for `shm_open`) of process `process`'s object number `number`.
    static func name(process: Int32, number: Int) -> String {
        "/reel-\(process)-\(number)"
    }

    /// Whether `entry`, a name in ``folder``, is one of process `process`'s objects: `reel-`,
    /// its id, `-`, then digits alone (another process's `reel-12-3` is not `reel-1`'s).
    static func isName(_ entry: String, madeBy process: Int32) -> Bool {
        let prefix = "reel-\(process)-"
        guard entry.hasPrefix(prefix) else { return false }
        let number = entry.utf8.dropFirst(prefix.utf8.count)
        return !number.isEmpty && number.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// Unlinks every object of process `process` still in `/dev/shm`; how many it removed. Only
    /// for a process that has ended (its objects are no one's then).
    @discardableResult
    public static func remove(madeBy process: Int32) -> Int {
        guard let reader = try? DirectoryReader(path: FilePath(folder)) else { return 0 }
        var names: [String] = []
        while let (name, _) = reader.next(matching: { isName($0.text, madeBy: process) }) { names.append(name.text) }
        return names.filter { shm_unlink("/" + $0) == 0 }.count
    }
}
