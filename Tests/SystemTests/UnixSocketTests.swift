import Glibc
import System
import Testing

/// Who listens at a socket's path: a real listening socket, a left-over socket file, nothing.
@Suite("UnixSocket")
struct UnixSocketTests {
    /// A socket bound at a fresh path in /tmp, listening or not; its descriptor and path.
    static func bound(listening: Bool) throws -> (Int32, String) {
        let path = "/tmp/reel-unix-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let code = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(code == 0)
        if listening { try #require(listen(descriptor, 1) == 0) }
        return (descriptor, path)
    }

    @Test("a listening socket has a listener; a socket file nobody listens on, and a missing path, have none")
    func listeners() throws {
        let (live, livePath) = try Self.bound(listening: true)
        defer { close(live); unlink(livePath) }
        #expect(UnixSocket.listener(at: FilePath(livePath)) == .listening)
        let (stale, stalePath) = try Self.bound(listening: false)
        close(stale)
        defer { unlink(stalePath) }
        #expect(UnixSocket.listener(at: FilePath(stalePath)) == .none)
        #expect(UnixSocket.listener(at: FilePath("/tmp/reel-no-such-socket-\(getpid())")) == .none)
    }

    @Test("a socket's path holds 107 bytes at most; a longer one is not connected to")
    func pathLength() {
        #expect(UnixSocket.maximumPathLength == 107)
        let long = FilePath("/tmp/" + String(repeating: "x", count: 120))
        #expect(UnixSocket.listener(at: long) == .unreachable(errno: ENAMETOOLONG))
    }
}
