#if canImport(Glibc)
import Glibc
#endif
import System

/// The owner of one POSIX shared-memory object holding an image for kitty (`t=s`): created
/// with its bytes, and unlinked when this object goes, whether or not the terminal took it
/// (kitty removes what it reads; unlinking again does nothing, as names are never reused).
final class SharedMemoryObject {
    /// The object's name, `/reel-<pid>-<n>`: what kitty is told to open.
    let name: String
    /// Its path in the file system, for an unlink from a signal handler.
    let path: String

    /// How many objects and files this process has made: the next name's number.
    ///
    /// `nonisolated(unsafe)`: they are made on the loop's thread only (the probe, then the
    /// renderer), never from a worker.
    nonisolated(unsafe) private static var made = 0

    /// Creates a new, empty shared-memory object under a name never used before, `/reel-<pid>-<n>`
    /// (for this type and ``SharedMemoryFile``); returns its name, path and open descriptor.
    static func create() throws(SystemError) -> (name: String, path: String, descriptor: Int32) {
        made += 1
        let name = SharedMemoryLeftovers.name(process: getpid(), number: made)
        let descriptor = try SystemError.check("shm_open") { shm_open(name, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0o600) }
        return (name, "/dev/shm" + name, descriptor)
    }

    /// Creates a new object holding `bytes`.
    init(bytes: UnsafeRawBufferPointer) throws(SystemError) {
        let (name, path, fd) = try SharedMemoryObject.create()
        self.name = name
        self.path = path
        defer { _ = Glibc.close(fd) }
        do {
            var offset = 0
            while let base = bytes.baseAddress, offset < bytes.count {
                let written = try SystemError.check("write shared memory") {
                    Glibc.write(fd, base + offset, bytes.count - offset)
                }
                offset += written
            }
        } catch {
            _ = shm_unlink(name)
            throw error
        }
    }

    deinit {
        _ = shm_unlink(name)
    }
}
