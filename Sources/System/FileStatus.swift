import Glibc

/// What a path is, as `stat(2)` says, in the terms reel asks about.
public struct FileStatus: Sendable, Equatable {
    /// The kind of file.
    public enum Kind: Sendable, Equatable {
        case regular, directory, fifo, socket, characterDevice, blockDevice, symbolicLink, other
    }

    /// Its kind (a link itself only from ``FileSystem/linkStatus(_:)``).
    public var kind: Kind
    /// Its size in bytes.
    public var size: Int64
    /// Its modification time, in nanoseconds since the epoch.
    public var modified: Int64
    /// The device it is on (`st_dev`).
    public var device: UInt64
    /// Its inode.
    public var inode: UInt64
    /// For a device, which one (`st_rdev`).
    public var specialDevice: UInt64
    /// Its permission bits.
    public var permissions: UInt32

    /// The status `info` describes.
    public init(_ info: stat) {
        kind = switch info.st_mode & S_IFMT {
        case S_IFREG: .regular
        case S_IFDIR: .directory
        case S_IFIFO: .fifo
        case S_IFSOCK: .socket
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        case S_IFLNK: .symbolicLink
        default: .other
        }
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        specialDevice = UInt64(info.st_rdev)
        permissions = UInt32(info.st_mode & 0o7777)
    }

    /// A status with these fields, for tests and for what is worked out rather than read.
    public init(kind: Kind, size: Int64 = 0, modified: Int64 = 0, device: UInt64 = 0, inode: UInt64 = 0,
                specialDevice: UInt64 = 0, permissions: UInt32 = 0o644) {
        self.kind = kind
        self.size = size
        self.modified = modified
        self.device = device
        self.inode = inode
        self.specialDevice = specialDevice
        self.permissions = permissions
    }
}
