import Glibc
import Playback

/// An open directory, read one entry at a time: the one owner of its `DIR*`, closed in deinit.
///
/// It is opened by descriptor, so that its identity (device and inode) and its file system are
/// those of the directory actually read, and its entries are looked at relative to it
/// (`fstatat`), without building and resolving their paths.
final class DirectoryReader {
    /// One entry of the directory.
    enum Entry {
        /// A regular file (through a link or not) that can be read, with its `stat`.
        case file(stat)
        /// A directory (through a link or not).
        case folder
        /// A device, pipe or socket: never media.
        case other
        /// Something that cannot be looked at, with the reason for the note.
        case skipped(reason: String)
    }

    private let stream: OpaquePointer
    private let descriptor: Int32
    /// The directory's device and inode.
    let identity: Identity
    /// `statfs(2)`'s `f_type`: which kind of file system it is on.
    let fileSystemMagic: Int

    /// Opens the directory at `path`.
    init(path: FilePath) throws(SystemCallError) {
        let fd = try FileSystem.check("open", path) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOCTTY) }
        var info = stat()
        let magic: Int
        do {
            try FileSystem.check("fstat", path) { _ in fstat(fd, &info) }
            magic = try Self.fileSystemMagic(of: fd, path: path)
        } catch {
            close(fd)
            throw error
        }
        guard let stream = fdopendir(fd) else {
            let failure = SystemCallError(call: "fdopendir", path: path, code: errno)
            close(fd)
            throw failure
        }
        self.stream = stream
        descriptor = fd
        identity = Identity(info)
        fileSystemMagic = magic
    }

    deinit {
        closedir(stream)  // closes the descriptor too
    }

    /// The next entry's name and kind, skipping every name that starts with a dot (`.`, `..` and
    /// hidden ones); nil at the end.
    func next() -> (name: FilePath, entry: Entry)? {
        while let pointer = readdir(stream) {
            // The name is read in place, up to its NUL: the record readdir returns is only as
            // long as its name, so copying the struct's whole 256-byte d_name out of the last
            // record of a buffer read past it (AddressSanitizer, in the library's scan).
            guard let typeField = pointer.pointer(to: \.d_type), let nameField = pointer.pointer(to: \.d_name) else { return nil }
            let name = UnsafeRawPointer(nameField).assumingMemoryBound(to: CChar.self)
            guard name.pointee != CChar(UInt8(ascii: ".")) else { continue }
            return (FilePath(cString: name), classify(name, type: typeField.pointee))
        }
        return nil
    }

    /// `fstatfs(2)`, found at run time: the Glibc module leaves out `<sys/vfs.h>`.
    private static let fstatfsFunction: (@convention(c) (Int32, UnsafeMutableRawPointer) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "fstatfs") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, UnsafeMutableRawPointer) -> Int32).self)
    }()

    /// The `f_type` of the file system `descriptor` is on (0 when `fstatfs` is missing).
    ///
    /// `struct statfs` is 120 bytes on 64-bit Linux and starts with `f_type`, a `long`; the buffer
    /// is larger than any layout.
    private static func fileSystemMagic(of descriptor: Int32, path: FilePath) throws(SystemCallError) -> Int {
        guard let fstatfs = fstatfsFunction else { return 0 }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 512, alignment: 16)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 0, count: 512)
        try FileSystem.check("fstatfs", path) { _ in fstatfs(descriptor, buffer) }
        return buffer.load(as: Int.self)
    }

    /// What the entry `name` is, following a link; why it is skipped when that cannot be known.
    private func classify(_ name: UnsafePointer<CChar>, type: UInt8) -> Entry {
        if type == UInt8(DT_DIR) { return .folder }
        var info = stat()
        let follow = type == UInt8(DT_LNK)
        guard fstatat(descriptor, name, &info, follow ? 0 : AT_SYMLINK_NOFOLLOW) == 0 else {
            let code = errno
            return .skipped(reason: follow && code == ENOENT ? "dangling link" : String(cString: strerror(code)))
        }
        if !follow, info.st_mode & S_IFMT == S_IFLNK {
            // readdir did not say (DT_UNKNOWN): look again, through the link.
            guard fstatat(descriptor, name, &info, 0) == 0 else {
                let code = errno
                return .skipped(reason: code == ENOENT ? "dangling link" : String(cString: strerror(code)))
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard faccessat(descriptor, name, R_OK, 0) == 0 else { return .skipped(reason: String(cString: strerror(errno))) }
            return .file(info)
        case S_IFDIR:
            return .folder
        default:
            return .other
        }
    }

    /// A directory's device and inode, to read each one once whatever the links to it.
    struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }
}
