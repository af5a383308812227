#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// The end-to-end tests' own tools checked on their own: the HTTP server, the release-build
/// helpers and the screenshot reader, so that a test that leans on them fails for the right reason.
@Suite("End-to-end test support")
struct SupportTests {
    /// One request to `server`, the write side closed after it; the whole answer as text.
    static func fetch(_ server: HTTPServer, _ path: String, headers: [String] = []) throws -> String {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(socket >= 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = server.port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        let request = (["GET \(path) HTTP/1.1", "Host: 127.0.0.1"] + headers).joined(separator: "\r\n") + "\r\n\r\n"
        _ = request.withCString { send(socket, $0, strlen($0), 0) }
        shutdown(socket, Int32(SHUT_WR))
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    @Test("the HTTP server serves a file whole, a byte range as 206, ranges off as 200, and a 404; it records each request")
    func httpServer() throws {
        let folder = try ReleaseBuild.temporaryFolder("http")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "0123456789".write(toFile: folder + "/ten.txt", atomically: true, encoding: .utf8)
        let server = try HTTPServer(root: folder)
        defer { server.stop() }

        let whole = try Self.fetch(server, "/ten.txt")
        #expect(whole.hasPrefix("HTTP/1.1 200 OK") && whole.contains("Accept-Ranges: bytes") && whole.hasSuffix("\r\n\r\n0123456789"))
        let range = try Self.fetch(server, "/ten.txt", headers: ["Range: bytes=2-4"])
        #expect(range.hasPrefix("HTTP/1.1 206") && range.contains("Content-Range: bytes 2-4/10") && range.hasSuffix("\r\n\r\n234"))
        server.set("ten.txt", .noRanges)
        let unranged = try Self.fetch(server, "/ten.txt", headers: ["Range: bytes=2-4"])
        #expect(unranged.hasPrefix("HTTP/1.1 200 OK") && !unranged.contains("Accept-Ranges") && unranged.hasSuffix("0123456789"))
        #expect(try Self.fetch(server, "/missing.mp4").hasPrefix("HTTP/1.1 404 Not Found"))
        #expect(server.requests == ["GET /ten.txt", "GET /ten.txt", "GET /ten.txt", "GET /missing.mp4"])
    }

    @Test("ReleaseBuild finds the repository, makes an empty folder, and runs a shell with only the environment given")
    func releaseBuildHelpers() throws {
        #expect(FileManager.default.fileExists(atPath: ReleaseBuild.root + "/Package.swift"))
        #expect(ReleaseBuild.binary.hasPrefix(ReleaseBuild.root + "/.build/"))
        let folder = try ReleaseBuild.temporaryFolder("support")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        let output = try ReleaseBuild.shell("echo \"[$GREETING][$HOME]\"; echo oops >&2", environment: ["GREETING": "hello"])
        #expect(output == "[hello][]\noops\n")
    }

    @Test("a screenshot reads pixels, shares of a rectangle near a colour, and the first column that passes")
    func screenshot() {
        // 4 × 2: the left half red, the right half blue; one grey pixel at (3, 1).
        var bytes: [UInt8] = []
        for y in 0..<2 {
            for x in 0..<4 { bytes += x == 3 && y == 1 ? [128, 128, 128] : x < 2 ? [250, 0, 0] : [0, 0, 250] }
        }
        let shot = Screenshot(width: 4, height: 2, bytes: bytes)
        #expect(shot[3, 1] == (128, 128, 128))
        #expect(shot.pixel(x: 0, y: 0, isNear: (255, 0, 0)))
        #expect(!shot.pixel(x: 0, y: 0, isNear: (255, 0, 0), tolerance: 2))
        #expect(shot.share(x: 0, y: 0, width: 4, height: 2, near: (0, 0, 255)) == 3.0 / 8)
        #expect(shot.share(x: 2, y: 0, width: 2, height: 2) { $0.b > 200 } == 0.75)
        #expect(shot.firstColumn(row: 0) { $0.b > 200 } == 2)
        #expect(shot.firstColumn(row: 1) { $0.g > 200 } == nil)
    }

    @Test("a cell of two colours is text, a cell of many is a photograph in pixels, and dark cells are not counted")
    func photographicCells() {
        // Three cells of 4 × 4 in a row: a half block (red over blue), a gradient, and black.
        var bytes: [UInt8] = []
        for y in 0..<4 {
            for x in 0..<12 {
                switch x {
                case 0..<4: bytes += y < 2 ? [250, 0, 0] : [0, 0, 250]
                case 4..<8: bytes += [UInt8(60 + 10 * (y * 4 + x - 4)), 100, 100]
                default: bytes += [0, 0, 0]
                }
            }
        }
        let shot = Screenshot(width: 12, height: 4, bytes: bytes)
        let cell = (width: 4, height: 4)
        let all = shot.photographicCells(in: TmuxInTerminal.Rect(x: 0, y: 0, width: 12, height: 4), cell: cell)
        #expect(all.share == 0.5 && all.lit == 2)
        #expect(shot.photographicCellCount(in: TmuxInTerminal.Rect(x: 0, y: 0, width: 4, height: 4), cell: cell) == 0)
        #expect(shot.photographicCellCount(in: TmuxInTerminal.Rect(x: 4, y: 0, width: 8, height: 4), cell: cell) == 1)
        let box = shot.litBox(in: TmuxInTerminal.Rect(x: 0, y: 0, width: 12, height: 4))
        #expect(box.map { [$0.x, $0.y, $0.width, $0.height] } == [0, 0, 8, 4])
    }
}
