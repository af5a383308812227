import Glibc
import Media
import Playback
import System
import Testing

/// Test support: runs a real ``MpvPlayer`` the way reel's loop does, until a condition holds.
///
/// It polls the player's wake descriptor, drains events and renders every due frame into its
/// own buffer, so that mpv's video output never waits on the test.
final class PlayerDriver {
    let player: MpvPlayer
    let frame: FrameBuffer
    private(set) var events: [PlayerEvent] = []
    private(set) var framesRendered = 0

    init(video: Bool = true, keepOpen: Bool = true, width: Int = 64, height: Int = 36, format: FrameBuffer.Format = .rgb0,
         configure: (inout PlayerConfiguration) -> Void = { _ in }) throws {
        var configuration = PlayerConfiguration()
        configuration.video = video
        configuration.keepOpen = keepOpen
        configuration.extraOptions["ao"] = "null"
        configure(&configuration)
        player = try MpvPlayer(configuration: configuration)
        frame = FrameBuffer(width: width, height: height, format: format)
    }

    /// The path of a committed sample clip.
    static func sample(_ name: String) -> FilePath {
        var directory = FilePath(#filePath)
        for _ in 0..<3 { directory = directory.removingLastComponent }
        return directory.appending("samples").appending(name)
    }

    /// Pumps events and frames until `done` is true or `timeout` seconds pass; returns `done`'s last answer.
    @discardableResult
    func run(timeout: Double = 10, until done: (PlayerState, [PlayerEvent]) -> Bool) throws -> Bool {
        let deadline = Self.now() + timeout
        while true {
            if done(player.state, events) { return true }
            let remaining = deadline - Self.now()
            if remaining <= 0 { return false }
            var descriptor = pollfd(fd: player.wakeupDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32(min(remaining, 0.05) * 1000) + 1)
            events += player.drainEvents()
            if player.frameIsDue() {
                try player.render(into: frame)
                framesRendered += 1
            }
        }
    }

    /// Loads `path` and waits until it is playing with a known duration.
    func load(_ path: FilePath, start: StartPosition? = nil) throws {
        try player.load(path, start: start)
        let ready = try run { state, events in
            events.contains(.playbackRestart) && state.duration != nil && state.position != nil
        }
        try #require(ready, "\(path) did not load: \(events)")
    }

    /// Waits for a reply to the asynchronous command `id`, then for mpv to settle on the new frame.
    func waitForSeek(_ id: UInt64) throws {
        let replied = try run { _, events in
            events.contains { if case .commandReply(id, _) = $0 { true } else { false } }
        }
        try #require(replied, "no reply to seek \(id)")
        // Keep what came after the reply in the same drain: the restart may be among it.
        if let reply = events.firstIndex(where: { if case .commandReply(id, _) = $0 { true } else { false } }) {
            events.removeSubrange(...reply)
        }
        let settled = try run { state, events in events.contains(.playbackRestart) && state.isSeeking != true }
        try #require(settled, "seek \(id) did not settle")
        // One more short pump so that the frame at the new position is rendered.
        try run(timeout: 0.3) { _, _ in false }
    }

    func clearEvents() { events.removeAll() }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
