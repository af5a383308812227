import Glibc
import System

/// Test support: a fresh folder under /tmp, removed with everything in it when dropped.
public final class ScratchFolder {
    public let path: String
    /// The folder as a path to scan.
    public var root: FilePath { FilePath(path) }
    public init() {
        var template = Array("/tmp/reel-scan-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }
    deinit { _ = system("rm -rf '\(path)'") }

    public func file(_ name: String, bytes: Int = 10) {
        let descriptor = open(path + "/" + name, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = [UInt8](repeating: 65, count: bytes).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }
    public func folder(_ name: String) { mkdir(path + "/" + name, 0o755) }
    public func link(_ name: String, to target: String) { symlink(target, path + "/" + name) }
}
