import Foundation
import Testing

/// Resume: reel remembers where each file was left on every way out, and offers it back.
@Suite("Resume end to end", .serialized)
struct ResumeEndToEndTests {
    /// A state folder shared by the two runs of one test.
    static func stateFolder() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("reel-resume-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func run(_ state: String, _ extra: [String] = []) throws -> TmuxSession {
        try TmuxSession([Paths.reel, "--no-audio"] + extra + [Paths.sample("long.mp4")], environment: ["XDG_STATE_HOME": state])
    }

    enum Exit: String, CaseIterable, Sendable { case q, escape, controlC, sigint, sigterm, sighup }

    @Test("every way out saves the place, and reopening resumes with a notice", arguments: Exit.allCases)
    func savesOnExit(_ exit: Exit) throws {
        let state = Self.stateFolder()
        let first = try Self.run(state, ["--pause"])
        try first.waitFor("Long clip for seeking")
        try first.send("4")
        try DoubleTapEndToEndTests.expectElapsed(first, 60)
        switch exit {
        case .q: try first.send("q")
        case .escape: try first.send("Escape")
        case .controlC: try first.send("C-c")
        case .sigint: kill(try #require(try first.programPID()), SIGINT)
        case .sigterm: kill(try #require(try first.programPID()), SIGTERM)
        case .sighup: kill(try #require(try first.programPID()), SIGHUP)
        }
        let code = first.waitForExit()
        switch exit {
        case .q, .escape: #expect(code == 0)
        case .controlC, .sigint: #expect(code == 130, "Ctrl-C ends reel as SIGINT does")
        case .sigterm: #expect(code == 143)
        case .sighup: #expect(code == 129)
        }
        try first.expectTerminalRestored()
        let second = try Self.run(state, ["--pause"])
        try second.waitFor("Resumed at 1:00 · Home to start over")
        try DoubleTapEndToEndTests.expectElapsed(second, 60)
        try second.send("Home")
        try DoubleTapEndToEndTests.expectElapsed(second, 0)
        try second.send("q")
        #expect(second.waitForExit() == 0)
    }

    @Test("a file left in its last 5 % starts again from the beginning")
    func finishedStartsOver() throws {
        let state = Self.stateFolder()
        let first = try Self.run(state, ["--pause", "--start=2:25"])
        try DoubleTapEndToEndTests.expectElapsed(first, 145)
        try first.send("q")
        #expect(first.waitForExit() == 0)
        let second = try Self.run(state, ["--pause"])
        try DoubleTapEndToEndTests.expectElapsed(second, 0)
        #expect(try !second.capture().contains("Resumed"))
        try second.send("q")
        #expect(second.waitForExit() == 0)
    }

    @Test("--no-resume neither resumes nor saves")
    func noResume() throws {
        let state = Self.stateFolder()
        let first = try Self.run(state, ["--pause", "--no-resume", "--start=1:00"])
        try DoubleTapEndToEndTests.expectElapsed(first, 60)
        try first.send("q")
        #expect(first.waitForExit() == 0)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: state + "/reel/watch_later")) ?? [] == [])
        let second = try Self.run(state, ["--pause"])
        try DoubleTapEndToEndTests.expectElapsed(second, 0)
        try second.send("q")
        #expect(second.waitForExit() == 0)
    }

    @Test("while playing the place is saved every 15 s, so even SIGKILL loses at most 15 s")
    func periodicSave() throws {
        let state = Self.stateFolder()
        let first = try Self.run(state, ["--start=1:00", "--hide-delay=60"])
        try DoubleTapEndToEndTests.expectElapsed(first, 60)
        // Play for a little over 15 s, then kill without warning.
        try first.waitForScreen(timeout: 25) { screen in
            (PlayerEndToEndTests.times(in: screen).map { PlayerEndToEndTests.seconds($0.0) } ?? 0) >= 77
        }
        kill(try #require(try first.programPID()), SIGKILL)
        _ = first.waitForExit()
        let second = try Self.run(state, ["--pause"])
        // The notice says where: the scrubber's time may not be drawn yet on a slow (sanitizer) run.
        let screen = try second.waitFor("Resumed at")
        let notice = screen.split(separator: "\n").first { $0.contains("Resumed at") }
        let time = notice?.split(separator: " ").first { $0.contains(":") && $0.allSatisfy { $0.isNumber || $0 == ":" } }
        let resumed = time.map { PlayerEndToEndTests.seconds(String($0)) } ?? 0
        #expect(resumed >= 62 && resumed <= 78, "resumed at \(resumed) s")
        try second.send("q")
        #expect(second.waitForExit() == 0)
    }
}
