import Foundation

/// Test support: a small HTTP/1.1 file server on 127.0.0.1 at a free port, run by the tests
/// themselves, with what `python3 -m http.server` lacks: byte ranges (so mpv can seek), and ways
/// to misbehave on purpose (a 404, throttling, a connection that is accepted and never answered,
/// ranges turned off, a body that never comes or ends early), a user name and password to ask
/// for (HTTP Basic), and a look at each request before it is answered.
final class HTTPServer: @unchecked Sendable {
    /// How a path is served.
    enum Behaviour: Sendable {
        /// The file, with ranges.
        case normal
        /// The file at most this many bytes a second.
        case throttled(bytesPerSecond: Int)
        /// Accept the connection, read the request, never answer.
        case hang
        /// The whole file every time, ignoring Range (an unseekable stream), as
        /// `python3 -m http.server` serves.
        case noRanges
        /// The headers of the whole file, then no byte of it, the connection held open.
        case stallAfterHeaders
        /// The headers of the whole file (its full Content-Length), then only its first `bytes`
        /// bytes, and the connection closed; ranges ignored.
        case shortBody(bytes: Int)
    }

    let port: UInt16
    private let root: String
    private let listener: Int32
    private let lock = NSLock()
    private var behaviours: [String: Behaviour] = [:]
    private var credentials: String?
    private var watcher: (@Sendable (_ headers: [String: String]) -> Void)?
    private var connections: [Int32] = []
    private var stopped = false
    /// Requests seen, as "GET /path".
    private(set) var requests: [String] = []

    /// Serves the files under `root`.
    init(root: String) throws {
        self.root = root
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else { close(listener); throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        self.listener = listener
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// The URL of `path` on this server.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// Serves `path` (without the leading slash) the way `behaviour` says.
    func set(_ path: String, _ behaviour: Behaviour) {
        lock.withLock { behaviours["/" + path] = behaviour }
    }

    /// Asks every request for `user` and `password` (HTTP Basic): one without them, or with
    /// others, gets 401 and a challenge, as a server behind a login does.
    func requireCredentials(user: String, password: String) {
        lock.withLock { credentials = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString() }
    }

    /// Calls `watch` with each request's lower-cased headers, on the request's own thread, before
    /// it is answered: the client waits for as long as `watch` takes.
    func watchRequests(_ watch: @escaping @Sendable (_ headers: [String: String]) -> Void) {
        lock.withLock { watcher = watch }
    }

    /// Stops accepting and closes every connection.
    func stop() {
        let open: [Int32] = lock.withLock {
            guard !stopped else { return [] }
            stopped = true
            return connections + [listener]
        }
        for descriptor in open {
            shutdown(descriptor, Int32(SHUT_RDWR))
            close(descriptor)
        }
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if lock.withLock({ stopped }) { return }
                continue
            }
            lock.withLock { connections.append(client) }
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    private func serve(_ client: Int32) {
        defer {
            lock.withLock { connections.removeAll { $0 == client } }
            close(client)
        }
        while let request = readRequest(client) {
            let (method, path, headers) = request
            lock.withLock { requests.append("\(method) \(path)") }
            let (behaviour, credentials, watcher) = lock.withLock { (behaviours[path] ?? .normal, self.credentials, self.watcher) }
            watcher?(headers)
            if let credentials, headers["authorization"] != credentials {
                send(client, "HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Basic realm=\"reel\"\r\nContent-Length: 0\r\n\r\n")
                continue
            }
            if case .hang = behaviour {
                // Never answer; wait until the client or the test gives up.
                holdOpen(client)
                return
            }
            // A query names no other file (a signed URL's `?sig=…`).
            let file = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? path
            let filePath = root + (file.removingPercentEncoding ?? file)
            guard !path.contains(".."), let data = FileManager.default.contents(atPath: filePath) else {
                let body = "not found\n"
                send(client, "HTTP/1.1 404 Not Found\r\nContent-Length: \(body.utf8.count)\r\nContent-Type: text/plain\r\n\r\n\(body)")
                continue
            }
            var start = 0, end = data.count - 1
            var partial = false
            if let cut = Self.cut(behaviour) {
                send(client, "HTTP/1.1 200 OK\r\nContent-Length: \(data.count)\r\nContent-Type: \(Self.type(of: file))\r\n\r\n")
                if let cut { _ = sendBody(client, data.prefix(cut), rate: nil) } else { holdOpen(client) }
                return
            }
            if Self.ignoresRanges(behaviour) {} else if let range = headers["range"], range.hasPrefix("bytes=") {
                let parts = range.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false)
                if parts.count == 2 {
                    if let first = Int(parts[0]) { start = first; if let last = Int(parts[1]) { end = min(last, end) } }
                    else if let suffix = Int(parts[1]) { start = max(data.count - suffix, 0) }
                    partial = true
                }
            }
            guard start <= end || data.isEmpty else {
                send(client, "HTTP/1.1 416 Range Not Satisfiable\r\nContent-Range: bytes */\(data.count)\r\nContent-Length: 0\r\n\r\n")
                continue
            }
            var head = partial ? "HTTP/1.1 206 Partial Content\r\n" : "HTTP/1.1 200 OK\r\n"
            if partial { head += "Content-Range: bytes \(start)-\(end)/\(data.count)\r\n" }
            if !Self.ignoresRanges(behaviour) { head += "Accept-Ranges: bytes\r\n" }
            head += "Content-Length: \(end - start + 1)\r\nContent-Type: \(Self.type(of: file))\r\n\r\n"
            guard send(client, head) else { return }
            if method == "HEAD" { continue }
            let body = data.subdata(in: start..<(end + 1))
            let rate: Int? = if case .throttled(let bytesPerSecond) = behaviour { bytesPerSecond } else { nil }
            guard sendBody(client, body, rate: rate) else { return }
        }
    }

    /// Waits, sending nothing, until the client or the test closes the connection.
    private func holdOpen(_ client: Int32) {
        var byte: UInt8 = 0
        while recv(client, &byte, 1, 0) > 0 {}
    }

    private static func ignoresRanges(_ behaviour: Behaviour) -> Bool {
        if case .noRanges = behaviour { return true }
        return false
    }

    /// For a body that is cut: where (nil: before its first byte); nil for one served whole.
    private static func cut(_ behaviour: Behaviour) -> Int?? {
        switch behaviour {
        case .stallAfterHeaders: .some(nil)
        case .shortBody(let bytes): .some(bytes)
        default: nil
        }
    }

    private func sendBody(_ client: Int32, _ body: Data, rate: Int?) -> Bool {
        let chunk = rate.map { max($0 / 20, 1) } ?? 65_536
        var offset = 0
        while offset < body.count {
            let piece = body.subdata(in: offset..<min(offset + chunk, body.count))
            let sent = piece.withUnsafeBytes { Foundation.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return false }
            offset += sent
            if rate != nil { Thread.sleep(forTimeInterval: 0.05) }
            if lock.withLock({ stopped }) { return false }
        }
        return true
    }

    @discardableResult
    private func send(_ client: Int32, _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Foundation.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    /// Reads one request's head: method, path and lower-cased headers; nil at the end.
    private func readRequest(_ client: Int32) -> (String, String, [String: String])? {
        var buffer: [UInt8] = []
        var byte: UInt8 = 0
        while !buffer.suffix(4).elementsEqual([13, 10, 13, 10]) {
            guard recv(client, &byte, 1, 0) == 1, buffer.count < 16_384 else { return nil }
            buffer.append(byte)
        }
        let lines = String(decoding: buffer, as: UTF8.self).components(separatedBy: "\r\n")
        let first = lines[0].split(separator: " ")
        guard first.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (String(first[0]), String(first[1].split(separator: "?").first ?? ""), headers)
    }

    private static func type(of path: String) -> String {
        if path.hasSuffix(".m3u8") { return "application/vnd.apple.mpegurl" }
        if path.hasSuffix(".m3u") { return "audio/x-mpegurl" }
        if path.hasSuffix(".ts") { return "video/mp2t" }
        if path.hasSuffix(".mp4") { return "video/mp4" }
        if path.hasSuffix(".mkv") { return "video/x-matroska" }
        return "application/octet-stream"
    }
}
