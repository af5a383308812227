import CSystem
import Glibc

/// An open directory, read one entry at a time: the one owner of its `DIR*`, closed in deinit.
///
/// It is opened by descriptor, so that its identity (device and inode) and its file system are
/// those of the directory actually read, and its entries are looked at relative to it
/// (`fstatat`), without building and resolving their paths.
public final class DirectoryReader {
    /// One entry of the directory.
    public enum Entry {
        /// A regular file (through a link or not) that can be read, with its status.
        case file(FileStatus)
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
    public let identity: Identity
    /// `statfs(2)`'s `f_type`: which kind of file system it is on.
    public let fileSystemMagic: Int

    /// Opens the directory at `path`.
    public init(path: FilePath) throws(SystemError) {
        let fd = try FileSystem.check("open", path) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOCTTY) }
        let info: FileStatus
        var magic = 0
        do throws(SystemError) {
            info = try FileSystem.status(of: fd, path: path)
            try SystemError.check("fstatfs", path: path) { reel_file_system_type(fd, &magic) }
        } catch {
            close(fd)
            throw error
        }
        guard let stream = fdopendir(fd) else {
            let failure = SystemError.last("fdopendir", path: path)
            close(fd)
            throw failure
        }
        self.stream = stream
        descriptor = fd
        identity = Identity(device: info.device, inode: info.inode)
        fileSystemMagic = magic
    }

    deinit {
        closedir(stream)  // closes the descriptor too
    }

    /// The next entry's name and kind, skipping every name that starts with a dot (`.`, `..` and
    /// hidden ones) unless `includingHidden`, and every name `matching` refuses (before it is
    /// looked at, so a large folder costs no `stat` for them); nil at the end.
    public func next(includingHidden: Bool = false, matching: (FilePath) -> Bool = { _ in true }) -> (name: FilePath, entry: Entry)? {
        while let pointer = readdir(stream) {
            // The name is read in place, up to its NUL: the record readdir returns is only as
            // long as its name, so copying the struct's whole 256-byte d_name out of the last
            // record of a buffer read past it (AddressSanitizer, in the library's scan).
            guard let typeField = pointer.pointer(to: \.d_type), let nameField = pointer.pointer(to: \.d_name) else { return nil }
            let name = UnsafeRawPointer(nameField).assumingMemoryBound(to: CChar.self)
            guard includingHidden || name.pointee != CChar(UInt8(ascii: ".")) else { continue }
            let path = FilePath(cString: name)
            guard matching(path) else { continue }
            return (path, classify(name, type: typeField.pointee))
        }
        return nil
    }

    /// What the entry `name` is, following a link; why it is skipped when that cannot be known.
    private func classify(_ name: UnsafePointer<CChar>, type: UInt8) -> Entry {
        if type == UInt8(DT_DIR) { return .folder }
        var info = stat()
        let follow = type == UInt8(DT_LNK)
        guard fstatat(descriptor, name, &info, follow ? 0 : AT_SYMLINK_NOFOLLOW) == 0 else {
            let code = errno
            return .skipped(reason: follow && code == ENOENT ? "dangling link" : SystemError.reason(code))
        }
        if !follow, info.st_mode & S_IFMT == S_IFLNK {
            // readdir did not say (DT_UNKNOWN): look again, through the link.
            guard fstatat(descriptor, name, &info, 0) == 0 else {
                let code = errno
                return .skipped(reason: code == ENOENT ? "dangling link" : SystemError.reason(code))
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard faccessat(descriptor, name, R_OK, 0) == 0 else { return .skipped(reason: SystemError.reason(errno)) }
            return .file(FileStatus(info))
        case S_IFDIR:
            return .folder
        default:
            return .other
        }
    }

    /// A directory's device and inode, to read each one once whatever the links to it.
    public struct Identity: Hashable, Sendable {
        /// The device it is on (`st_dev`).
        public var device: UInt64
        /// Its inode number.
        public var inode: UInt64
    }
}
