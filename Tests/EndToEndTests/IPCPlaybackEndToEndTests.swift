import Foundation
import Testing

/// What a client of mpv's IPC socket does to what plays (quit, stop, playlist edits, loadfile,
/// the picture turned off), sent with socat to the real socket, and reel's screens, exit code
/// and resume records following each. reel never sees the commands, only mpv's events.
@Suite("IPC commands that change what plays", .serialized)
struct IPCPlaybackEndToEndTests {
    /// reel on `files` with the socket at `path` and resume records in `state`.
    static func start(_ files: [String], socket path: String, state: String, extra: [String] = []) throws -> TmuxSession {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--input-ipc-server=\(path)"] + extra + files.map(Paths.sample),
                                   environment: ["XDG_STATE_HOME": state])
        #expect(IPCEndToEndTests.waitForSocket(path))
        return tmux
    }

    /// Moves long.mp4 to 1:00 from the socket and waits for the clock to show it.
    static func seekToMinute(_ tmux: TmuxSession, socket path: String) throws {
        try tmux.waitFor("Long clip for seeking")
        try IPCEndToEndTests.send(#"{"command":["seek",60,"absolute"]}"#, to: path)
        try DoubleTapEndToEndTests.expectElapsed(tmux, 60)
    }

    /// A second run on long.mp4 resumes at 1:00: the place was saved. Paused there, its clock
    /// says 1:00 for good; the 4 s notice alone can be over before a starved machine's capture.
    static func expectResumedAtMinute(state: String) throws {
        let second = try ResumeEndToEndTests.run(state, ["--pause"])
        try second.waitForScreen(timeout: 30) { screen in
            screen.contains("Resumed at 1:00")
                || PlayerEndToEndTests.times(in: screen).map { PlayerEndToEndTests.seconds($0.0) == 60 } ?? false
        }
        try second.send("q")
        #expect(second.waitForExit() == 0)
    }

    @Test("a client's quit ends reel as q does: the place saved, exit 0, the terminal restored, no socket left")
    func quit() throws {
        let path = IPCEndToEndTests.socketPath(), state = ResumeEndToEndTests.stateFolder()
        defer { unlink(path) }
        let tmux = try Self.start(["long.mp4"], socket: path, state: state, extra: ["--pause"])
        try Self.seekToMinute(tmux, socket: path)
        try IPCEndToEndTests.send(#"{"command":["quit"]}"#, to: path)
        #expect(tmux.waitForExit() == 0)
        try tmux.expectTerminalRestored()
        #expect(access(path, F_OK) != 0, "the socket was left at \(path)")
        try Self.expectResumedAtMinute(state: state)
    }

    @Test("a client's stop or playlist-remove current, with nothing below the player: the run ends (exit 0), the place saved",
          arguments: [#"["stop"]"#, #"["playlist-remove","current"]"#])
    func stopEndsRun(_ command: String) throws {
        let path = IPCEndToEndTests.socketPath(), state = ResumeEndToEndTests.stateFolder()
        defer { unlink(path) }
        let tmux = try Self.start(["long.mp4"], socket: path, state: state, extra: ["--pause"])
        try Self.seekToMinute(tmux, socket: path)
        try IPCEndToEndTests.send(#"{"command":\#(command)}"#, to: path)
        #expect(tmux.waitForExit() == 0, "a blank screen waited for q")
        try tmux.expectTerminalRestored()
        try Self.expectResumedAtMinute(state: state)
    }

    @Test("a client's stop or playlist-remove current with the list below: back to the list, the item's progress kept",
          arguments: [#"["stop"]"#, #"["playlist-remove","current"]"#])
    func stopGoesBackToList(_ command: String) throws {
        let path = IPCEndToEndTests.socketPath(), state = ResumeEndToEndTests.stateFolder()
        defer { unlink(path) }
        let tmux = try Self.start(["long.mp4", "demo.mp4"], socket: path, state: state, extra: ["--pause"])
        try Self.seekToMinute(tmux, socket: path)
        try IPCEndToEndTests.send(#"{"command":\#(command)}"#, to: path)
        try tmux.waitForScreen { $0.contains("long.mp4") && $0.contains("demo.mp4") }
        // The list is live: Enter plays the selected item again, where it was left.
        try tmux.send("Enter")
        try tmux.waitFor("Resumed at 1:00")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a client's loadfile while the list shows opens the player on the file, playing")
    func loadfileFromList() throws {
        let path = IPCEndToEndTests.socketPath(), state = ResumeEndToEndTests.stateFolder()
        defer { unlink(path) }
        let tmux = try Self.start(["demo.mp4", "talk.mp4"], socket: path, state: state, extra: ["--list"])
        try tmux.waitForScreen { $0.contains("demo.mp4") && $0.contains("talk.mp4") }
        try IPCEndToEndTests.send(#"{"command":["loadfile","\#(Paths.sample("long.mp4"))"]}"#, to: path)
        try tmux.waitFor("Long clip for seeking")
        // The player, playing: its clock moves.
        try tmux.waitForScreen { screen in
            PlayerEndToEndTests.times(in: screen).map { PlayerEndToEndTests.seconds($0.0) >= 2 } ?? false
        }
        // Esc goes back to the list, which has the file among its rows.
        try tmux.send("Escape")
        try tmux.waitForScreen { $0.contains("long.mp4") && $0.contains("demo.mp4") && $0.contains("talk.mp4") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a client's loadfile while continue watching shows opens the player on the file")
    func loadfileFromContinueWatching() throws {
        let path = IPCEndToEndTests.socketPath(), state = ResumeEndToEndTests.stateFolder()
        defer { unlink(path) }
        let tmux = try Self.start([], socket: path, state: state)
        try tmux.waitFor("Continue watching")
        try IPCEndToEndTests.send(#"{"command":["loadfile","\#(Paths.sample("long.mp4"))"]}"#, to: path)
        try tmux.waitFor("Long clip for seeking")
        try tmux.waitForScreen { screen in
            PlayerEndToEndTests.times(in: screen).map { PlayerEndToEndTests.seconds($0.0) >= 2 } ?? false
        }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a FIFO a client loads is refused in words that say so, not as a playlist's entry")
    func fifoFromClient() throws {
        let path = IPCEndToEndTests.socketPath(), state = ResumeEndToEndTests.stateFolder()
        defer { unlink(path) }
        let fifo = Fixtures.path("client-\(UUID().uuidString).mkv")
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let tmux = try Self.start(["demo.mp4"], socket: path, state: state)
        try tmux.waitFor("reel demo: running clock")
        try IPCEndToEndTests.send(#"{"command":["loadfile","\#(fifo)"]}"#, to: path)
        #expect(tmux.waitForExit() == 1)
        let line = tmux.standardError
        #expect(line.contains("loaded through the IPC socket") && !line.contains("listed in a playlist"), "stderr: \(line)")
        try tmux.expectTerminalRestored()
    }

    @Test("a client that turns the picture off (vid=no, vo=null): the sound plays on under the sound-only card, which says why",
          arguments: [("vid", "no", "video is off (vid=no)"), ("vo", "null", "video output is null")])
    func pictureOff(_ property: String, _ value: String, _ note: String) throws {
        let path = IPCEndToEndTests.socketPath(), state = ResumeEndToEndTests.stateFolder()
        defer { unlink(path) }
        let tmux = try Self.start(["long.mp4"], socket: path, state: state)
        try tmux.waitFor("Long clip for seeking")
        try IPCEndToEndTests.send(#"{"command":["set_property","\#(property)","\#(value)"]}"#, to: path)
        try tmux.waitFor("Sound only: ")
        try tmux.waitFor(note)
        // Still playing, well past the moment a missing picture used to end the item, with the
        // card still up.
        let deadline = Date().addingTimeInterval(20)
        var position = 0.0
        while position < 8, Date() < deadline, tmux.waitForExit(timeout: 0.2) == nil {
            let answer = try IPCEndToEndTests.send(#"{"command":["get_property","time-pos"]}"#, to: path)
            position = answer.split(separator: ":").dropFirst().first.flatMap { Double($0.split(separator: ",")[0]) } ?? 0
        }
        #expect(position >= 8, "time-pos stayed at \(position)")
        #expect(tmux.waitForExit(timeout: 0.1) == nil)
        #expect(try tmux.capture().contains(note))
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        #expect(!tmux.standardError.contains("picture cannot be shown"), "stderr: \(tmux.standardError)")
    }
}
