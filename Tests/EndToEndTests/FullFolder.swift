import Foundation

/// Test support: a folder on a tmpfs of its own, a few pages large and filled to the last byte,
/// so that writing a file there fails with ENOSPC, as on a full disk. Unmounted when the value goes.
///
/// Mounting needs root (the tests run as root in CI); ``canMount`` says whether this machine lets
/// the tests, so that a test can be skipped cleanly where it does not.
final class FullFolder {
    let path: String

    /// Mounts the tmpfs, makes `folders` in it (empty folders take no room), then fills it.
    init(folders: [String] = []) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("reel-full-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard try Self.shell("mount -t tmpfs -o size=64k,mode=0755 reel-full \"$1\" && echo mounted", path) == "mounted" else {
            try? FileManager.default.removeItem(atPath: path)
            throw Subprocess.Failure(description: "cannot mount a tmpfs at \(path)")
        }
        for folder in folders {
            try FileManager.default.createDirectory(atPath: path + "/" + folder, withIntermediateDirectories: true)
        }
        // dd stops at ENOSPC; what is left is less than one page.
        _ = try Self.shell("dd if=/dev/zero of=\"$1/fill\" bs=4096 2>/dev/null; sync", path)
    }

    deinit {
        _ = try? Self.shell("umount \"$1\"", path)
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Whether a tmpfs can be mounted here (root, and a kernel and container that allow it).
    static let canMount: Bool = (try? FullFolder()) != nil

    /// Runs `script` with `sh -c`, `argument` as `$1`; its output, trimmed.
    private static func shell(_ script: String, _ argument: String) throws -> String {
        try Subprocess.run("/bin/sh", ["-c", script, "sh", argument]).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
