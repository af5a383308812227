import Foundation
import Glibc
@testable import Options
import Playback
import Testing
@testable import Desktop
import System

/// The options of issue 28: MPRIS on or off, and mpv's IPC socket, checked before mpv starts.
@Suite("Desktop options")
struct DesktopOptionsTests {
    @Test("MPRIS is on by default; --no-mpris and mpris=no in reel.conf turn it off")
    func mpris() throws {
        #expect(try ReelOptions.parse(["f"]).mpris)
        #expect(try !ReelOptions.parse(["--no-mpris", "f"]).mpris)
        #expect(try !ReelOptions.parse(["--mpris=no", "f"]).mpris)
        let file = try ConfigFile.parse("mpris=no\n", path: "/x/reel.conf")
        #expect(!file.options.mpris)
        let off = try ConfigFile.parse("no-mpris\n", path: "/x/reel.conf")
        #expect(!off.options.mpris)
    }

    @Test("--input-ipc-server takes mpv's name and a path; off by default, and not empty")
    func ipcServer() throws {
        #expect(try ReelOptions.parse(["f"]).mpv.ipcServer == nil)
        #expect(try ReelOptions.parse(["--input-ipc-server=/tmp/mpv.sock", "f"]).mpv.ipcServer == "/tmp/mpv.sock")
        #expect(try ReelOptions.parse(["--input-ipc-server", "/tmp/mpv.sock", "f"]).mpv.ipcServer == "/tmp/mpv.sock")
        #expect(throws: UsageError.self) { try ReelOptions.parse(["--input-ipc-server=", "f"]) }
    }

    @Test("a path that is there and is not a socket is refused; a missing one or an old socket is taken")
    func socketCheck() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-ipc-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("file").path
        FileManager.default.createFile(atPath: file, contents: Data("keep me".utf8))
        #expect(IPCSocket.problem(with: FilePath(file)) == .notASocket(path: file))
        #expect(IPCSocket.problem(with: FilePath(folder.path)) == .notASocket(path: folder.path))
        #expect(IPCSocket.problem(with: FilePath(folder.appendingPathComponent("new").path)) == nil)
        #expect(IPCSocket.problem(with: nil) == nil)
        let nowhere = folder.appendingPathComponent("missing/reel.sock").path
        #expect(IPCSocket.problem(with: FilePath(nowhere)) == .noSocketFolder(path: nowhere))

        // A socket left by an earlier run is mpv's to replace, and reel's to remove.
        let socketPath = folder.appendingPathComponent("old.sock").path
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in socketPath.utf8.enumerated() where index < buffer.count - 1 { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        #expect(IPCSocket.problem(with: FilePath(socketPath)) == nil)
        IPCSocket.remove(FilePath(socketPath))
        #expect(!FileManager.default.fileExists(atPath: socketPath))
        // remove takes sockets only.
        IPCSocket.remove(FilePath(file))
        #expect(FileManager.default.fileExists(atPath: file))
    }
}
