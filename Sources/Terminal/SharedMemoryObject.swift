#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import System

/// The owner of one POSIX shared-memory object holding an image for kitty (`t=s`): created
/// with its bytes, and unlinked when this object goes, whether or not the terminal took it
/// (kitty removes what it reads; unlinking again does nothing, as names are never reused).
public final class SharedMemoryObject {
    /// The object's name, `/reel-<pid>-<n>`: what kitty is told to open.
    public let name: String
    /// Its path in the file system, for an unlink from a signal handler.
    public let path: String

    /// How many names this process has taken: the next name's number. Atomic, as tests (and
    /// a probe beside a renderer) make objects from several threads at once.
    private static let made = Atomic<Int>(0)

    /// How many taken names in a row `create` steps over before it gives up.
    static let tries = 64

    /// Creates a new, empty shared-memory object under a name never used before, `/reel-<pid>-<n>`
    /// (for this type and ``SharedMemoryFile``); returns its name, path and open descriptor.
    ///
    /// A name that exists already (an object left by a killed process whose pid this one
    /// reuses) is stepped over, never opened: the file is made with `O_EXCL`.
    static func create() throws(SystemError) -> (name: String, path: String, descriptor: Int32) {
        var attempt = 0
        while true {
            attempt += 1
            let number = made.add(1, ordering: .relaxed).newValue
            let name = SharedMemoryLeftovers.name(process: getpid(), number: number)
            let descriptor = shm_open(name, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0o600)
            if descriptor >= 0 { return (name, "/dev/shm" + name, descriptor) }
            let error = errno
            guard error == EEXIST, attempt < tries else { throw SystemError(call: "shm_open", errno: error) }
        }
    }

    /// Creates a new object holding `bytes`.
    public init(bytes: UnsafeRawBufferPointer) throws(SystemError) {
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
