import Foundation
import Testing

/// What another local user sees of reel's helpers: a URL's password or token must never be on a
/// command line, which `ps` shows to everyone. The `/` search of subtitle lines runs FFmpeg on the
/// file that plays; here that file is a URL with a secret in a playlist, served by a local server
/// that asks for the password, and `ps` is read as user nobody while FFmpeg's request waits.
@Suite("Helpers' command lines end to end", .serialized)
struct HelperCommandLineEndToEndTests {
    /// What a helper's request saw: `ps -eo args` as uid and gid 65534, taken while it waited.
    final class Sightings: @unchecked Sendable {
        private let lock = NSLock()
        private var listings: [String] = []

        func add(_ listing: String) { lock.withLock { listings.append(listing) } }
        var all: [String] { lock.withLock { listings } }
    }

    /// `ps -eo args` as another user (nobody: uid and gid 65534, no groups).
    static func processesSeenByNobody() -> String {
        (try? Subprocess.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "ps", "-eo", "args"])) ?? ""
    }

    @Test("/ on a URL with a password or a token lists its lines, and no process shows the secret to another user while FFmpeg reads",
          arguments: [("alice:hunter2@", "", "hunter2"), ("", "?sig=t0ken5ecret", "t0ken5ecret")])
    func noSecretInPs(userInfo: String, query: String, secret: String) throws {
        let root = Fixtures.path("secret-site-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.copyItem(atPath: Paths.sample("film.mkv"), toPath: root + "/film.mkv")
        let server = try HTTPServer(root: root)
        defer { server.stop() }
        if !userInfo.isEmpty { server.requireCredentials(user: "alice", password: "hunter2") }
        // FFmpeg's requests (its user agent is Lavf's; mpv's is libmpv) wait while ps is read.
        let sightings = Sightings()
        server.watchRequests { headers in
            if headers["user-agent"]?.hasPrefix("Lavf") == true { sightings.add(Self.processesSeenByNobody()) }
        }
        let url = "http://\(userInfo)127.0.0.1:\(server.port)/film.mkv\(query)"
        let playlist = root + "/secret.m3u"
        try "#EXTM3U\n\(url)\n".write(toFile: playlist, atomically: true, encoding: .utf8)

        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--no-resume", "--pause", "--sid=1", playlist], width: 100, height: 30)
        try tmux.waitForScreen(timeout: 20) { PlayerEndToEndTests.times(in: $0)?.0 == "0:00" }
        try tmux.send("/")
        // The search works: FFmpeg read the track through the server, password and all.
        try tmux.waitForScreen(timeout: 40) { $0.contains("of 8") && $0.contains("The first line.") }
        try tmux.send("Escape")
        try tmux.waitForScreen { !$0.contains("Subtitle lines") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)

        let seen = sightings.all
        #expect(seen.contains { $0.contains("ffmpeg") }, "ps never saw FFmpeg while its request waited: \(seen)")
        for listing in seen {
            let leaks = listing.split(separator: "\n").filter { $0.contains(secret) }
            #expect(leaks.isEmpty, "another user sees the secret in ps:\n\(leaks.joined(separator: "\n"))")
        }
    }
}
