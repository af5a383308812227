import Glibc
import Screens
import System
import TestFiles
import Testing
@testable import History
@testable import ListScreen

/// Continue watching over records whose file is no longer a file: the row says what is there.
@Suite("WatchHistory")
struct WatchHistoryTests {
    /// A record for each path in a fresh state folder, and the rows' reasons.
    static func reasons(_ paths: [String]) -> [String: String] {
        let state = ScratchFolder()
        let store = ResumeStore(directory: state.root)
        for path in paths { store.save(ResumeRecord(key: path, position: 30)) }
        let history = WatchHistory(directory: state.root, now: 1_000_000, utcOffset: 0)
        var reasons: [String: String] = [:]
        for item in history.items {
            var row = LibraryItem(name: item.name, byteSize: 0)
            history.decorate(&row, for: item)
            if case .unplayable(let reason) = row.state, case .file(let path) = item.source { reasons[path.description] = reason }
        }
        return reasons
    }

    @Test("a FIFO, a folder, a device, a socket, a symlink loop and a dangling link are named for what they are")
    func namesWhatIsThere() throws {
        let folder = ScratchFolder()
        let fifo = folder.path + "/film.mkv", directory = folder.path + "/season.mkv", loop = folder.path + "/loop.mkv"
        let dangling = folder.path + "/moved.mkv", missing = folder.path + "/deleted.mkv", socketPath = folder.path + "/sock.mkv"
        #expect(mkfifo(fifo, 0o600) == 0)
        folder.folder("season.mkv")
        folder.link("loop.mkv", to: loop)
        folder.link("moved.mkv", to: folder.path + "/nowhere")
        let socketDescriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socketDescriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in socketPath.utf8.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        let reasons = Self.reasons([fifo, directory, "/dev/zero", loop, dangling, missing, socketPath])
        #expect(reasons[fifo] == "not a file any more: \(fifo) is a FIFO")
        #expect(reasons[directory] == "not a file any more: \(directory) is a folder")
        #expect(reasons["/dev/zero"] == "not a file any more: /dev/zero is a device")
        #expect(reasons[loop] == "not a file any more: \(loop) is a symlink loop")
        #expect(reasons[socketPath] == "not a file any more: \(socketPath) is a socket")
        #expect(reasons[dangling] == "gone: \(dangling) is a link to nothing")
        #expect(reasons[missing] == "gone: there is no file at \(missing) any more")
    }
}
