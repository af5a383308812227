#if canImport(Glibc)
import Glibc
#endif
import System

/// The owner of one file in shared memory (`/dev/shm`) that holds a frame for kitty's `t=f`,
/// mapped once and written again frame after frame; unmapped, closed and unlinked when this
/// object goes.
public final class SharedMemoryFile {
    /// The object's name, `/reel-<pid>-<n>`, as `shm_open` takes it.
    public let name: String
    /// Its path in the file system: what kitty is told to read, and what a signal handler unlinks.
    public let path: String
    private let descriptor: Int32
    private var mapping: UnsafeMutableRawPointer?
    private var capacity = 0

    /// Creates a new, empty file.
    public init() throws(SystemError) {
        (name, path, descriptor) = try SharedMemoryObject.create()
    }

    /// Makes the file hold `bytes` from its start (it grows as needed, and is never shrunk:
    /// the reader is told how many bytes to read).
    public func write(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if bytes.count > capacity {
            unmap()
            _ = try SystemError.check("ftruncate shared memory") { ftruncate(descriptor, off_t(bytes.count)) }
            let address = mmap(nil, bytes.count, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
            guard let address, address != MAP_FAILED else { throw SystemError(call: "mmap shared memory", errno: errno) }
            mapping = address
            capacity = bytes.count
        }
        mapping?.copyMemory(from: source, byteCount: bytes.count)
    }

    private func unmap() {
        if let mapping { _ = munmap(mapping, capacity) }
        mapping = nil
        capacity = 0
    }

    deinit {
        unmap()
        _ = Glibc.close(descriptor)
        _ = shm_unlink(name)
    }
}
