import System

/// The file systems that hold no media, only the kernel's view of itself: the library does not
/// walk them. Without this, a link to /proc leads a recursive scan through /proc/self/root over
/// the whole machine, and /sys through every device.
///
/// They are told by `statfs(2)`'s `f_type` (the magic numbers of `linux/magic.h`). devtmpfs is
/// the one that cannot be: it reports tmpfs's (or ramfs's) number, like a real tmpfs that may
/// well hold videos, so for those two numbers the mount table (`/proc/self/mountinfo`) names
/// the file system of the directory's device.
enum PseudoFileSystem {
    /// The magic numbers skipped, and the names the notes give them.
    static let magicNumbers: [Int: String] = [
        0x9FA0: "proc", 0x6265_6572: "sysfs", 0x1CD1: "devpts", 0x0027_E0EB: "cgroup", 0x6367_7270: "cgroup2",
        0x6462_6720: "debugfs", 0x7472_6163: "tracefs", 0x7363_6673: "securityfs", 0x6165_676C: "pstore",
        0xCAFE_4A11: "bpf", 0x6265_6570: "configfs", 0x6573_5543: "fusectl", 0x1980_0202: "mqueue",
        0x9584_58F6: "hugetlbfs", 0x0187: "autofs", 0x4249_4E4D: "binfmt_misc", 0xF97C_FF8C: "selinuxfs",
        0xDE5E_81E4: "efivarfs", 0x6E73_6673: "nsfs", 0x6759_6969: "rpc_pipefs", 0x6E66_7364: "nfsd",
        0x4341_5D53: "smackfs",
    ]

    /// tmpfs's and ramfs's numbers, which devtmpfs shares: the mount table decides.
    static let ambiguousMagicNumbers: Set<Int> = [0x0102_1994, 0x8584_58F6]

    /// The mount table's names of the pseudo file systems that share a number with a real one.
    static let ambiguousNames: Set<String> = ["devtmpfs"]

    /// The pseudo file system a directory is on, by its `f_type` and device, or nil when it can
    /// hold files. `mounts` is the mount table, read (once) only when the number is ambiguous.
    static func name(magic: Int, device: UInt64, mounts: () -> [UInt64: String]) -> String? {
        if let name = magicNumbers[magic] { return name }
        guard ambiguousMagicNumbers.contains(magic), let type = mounts()[device], ambiguousNames.contains(type) else { return nil }
        return type
    }

    /// Each mount's device (as `st_dev` gives it) and file-system type, from the text of
    /// `/proc/self/mountinfo`: `36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw`.
    static func mountTypes(mountinfo: String) -> [UInt64: String] {
        var types: [UInt64: String] = [:]
        for line in mountinfo.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count > 3, let dash = fields.firstIndex(of: "-"), dash + 1 < fields.count else { continue }
            let numbers = fields[2].split(separator: ":")
            guard numbers.count == 2, let major = UInt64(numbers[0]), let minor = UInt64(numbers[1]) else { continue }
            types[deviceNumber(major: major, minor: minor)] = String(fields[dash + 1])
        }
        return types
    }

    /// The mount table of this process, or an empty one when /proc cannot be read.
    static func readMountTypes() -> [UInt64: String] {
        // A regular file of size 0 that reads like any other, through the one reader of files.
        guard let text = FileSystem.read("/proc/self/mountinfo") else { return [:] }
        return mountTypes(mountinfo: String(decoding: text, as: UTF8.self))
    }

    /// glibc's `makedev`: the `st_dev` of device `major:minor`.
    static func deviceNumber(major: UInt64, minor: UInt64) -> UInt64 {
        (major & 0xFFF) << 8 | (major & ~0xFFF) << 32 | (minor & 0xFF) | (minor & ~0xFF) << 12
    }
}
