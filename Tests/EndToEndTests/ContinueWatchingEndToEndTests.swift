import Foundation
import Testing

/// Continue watching: `reel` alone lists what was played, newest first, and picks up there.
@Suite("Continue watching end to end", .serialized)
struct ContinueWatchingEndToEndTests {
    /// Plays `file` paused from `start` (seconds) and quits: a record at that place.
    static func watch(_ file: String, from start: Int, state: String) throws {
        let run = try TmuxSession([Paths.reel, "--no-audio", "--pause", "--start=\(start)", file], environment: ["XDG_STATE_HOME": state])
        try DoubleTapEndToEndTests.expectElapsed(run, start)
        try run.send("q")
        #expect(run.waitForExit() == 0)
    }

    /// `reel` alone, with the records in `state`.
    static func history(_ state: String, _ extra: [String] = []) throws -> TmuxSession {
        try TmuxSession([Paths.reel, "--no-audio"] + extra, environment: ["XDG_STATE_HOME": state])
    }

    /// The rows of the screen that hold `text`.
    static func row(of text: String, in screen: String) -> Int? {
        screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }
    }

    @Test("two files played part way are listed newest first with progress, time left and when; Enter resumes")
    func listsAndResumes() throws {
        let state = ResumeEndToEndTests.stateFolder()
        try Self.watch(Paths.sample("long.mp4"), from: 60, state: state)
        try Self.watch(Paths.sample("chapters.mkv"), from: 5, state: state)
        let list = try Self.history(state)
        // The bar's hints too: under ThreadSanitizer's slowdown a screen with the rows but the bar
        // not yet drawn was caught once.
        let screen = try list.waitForScreen {
            $0.contains("Long clip for seeking") && $0.contains("Chapters and a Title") && $0.contains("left") && $0.contains("Enter resume")
        }
        #expect(screen.contains("Continue watching") && screen.contains("2 items"))
        let newer = try #require(Self.row(of: "Chapters and a Title", in: screen))
        let older = try #require(Self.row(of: "Long clip for seeking", in: screen))
        #expect(newer < older, "newest first:\n\(screen)")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // 12 s long, left at 5 s: 0:07 left; 2:30 long, left at 1:00: 1:30 left. Both just now.
        #expect(lines[newer + 1].contains("0:07 left · just now") && lines[newer + 1].contains("━"), "\(lines[newer + 1])")
        #expect(lines[older + 1].contains("1:30 left · just now"), "\(lines[older + 1])")
        #expect(screen.contains("Enter resume") && screen.contains("d forget"))
        // The first row is selected: Enter plays it from where it was left.
        try list.send("Enter")
        try list.waitFor("Resumed at 0:05")
        try list.send("q")
        #expect(list.waitForExit() == 0)
        try list.expectTerminalRestored()
    }

    @Test("d forgets a row with a notice, u brings it back, and the record follows")
    func forgetAndUndo() throws {
        let state = ResumeEndToEndTests.stateFolder()
        try Self.watch(Paths.sample("long.mp4"), from: 30, state: state)
        let records = { (try? FileManager.default.contentsOfDirectory(atPath: state + "/reel/resume"))?.count ?? 0 }
        #expect(records() == 1)
        let list = try Self.history(state)
        try list.waitFor("Long clip for seeking")
        try list.send("d")
        let forgotten = try list.waitFor("u undoes")
        #expect(forgotten.contains("Forgot “Long clip for seeking”") && !forgotten.contains("2:00 left"))
        #expect(forgotten.contains("Nothing to continue yet"), "the list is empty now:\n\(forgotten)")
        #expect(records() == 0)
        try list.send("u")
        try list.waitFor("Back: Long clip for seeking")
        #expect(try list.capture().contains("2:00 left"))
        #expect(records() == 1)
        // Delete forgets too; D asks first, and only y clears.
        try list.send("DC")
        try list.waitFor("u undoes")
        try list.send("u")
        try list.waitFor("Back:")
        try list.send("D")
        try list.waitFor("y forgets")
        try list.send("n")
        try list.waitFor("Nothing forgotten")
        #expect(records() == 1)
        try list.send("D")
        try list.waitFor("y forgets")
        try list.send("y")
        try list.waitFor("Forgot 1 item")
        #expect(records() == 0)
        try list.send("q")
        #expect(list.waitForExit() == 0)
    }

    @Test("a file that is gone or changed is listed greyed with the reason; a gone one does not play")
    func missingFile() throws {
        let state = ResumeEndToEndTests.stateFolder()
        let changed = try Fixtures.copy("chapters.mkv", to: Fixtures.path("changed-\(UUID().uuidString).mkv"))
        try Self.watch(changed, from: 4, state: state)
        let handle = try #require(FileHandle(forWritingAtPath: changed))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: 0, count: 16))
        try handle.close()
        // Records keep whole seconds: the changed one is put a minute back, so the gone one,
        // watched after it, comes first.
        try ContinueWatchingReturnEndToEndTests.age(records: state, by: 60)
        let copy = try Fixtures.copy("long.mp4", to: Fixtures.path("gone-\(UUID().uuidString).mp4"))
        try Self.watch(copy, from: 20, state: state)
        try FileManager.default.removeItem(atPath: copy)
        let list = try Self.history(state)
        let screen = try list.waitForScreen { $0.contains("gone: there is no file") && $0.contains("changed since you watched it") }
        #expect(screen.contains("Long clip for seeking"), "the title is kept from the record:\n\(screen)")
        #expect(!screen.contains("No videos here"))
        try list.send("Enter")
        try list.waitForScreen { $0.contains("Long clip for seeking: gone") }
        try list.send("q")
        #expect(list.waitForExit() == 0)
    }

    @Test("with no records the screen says how to start, and q quits with 0")
    func firstRun() throws {
        let state = ResumeEndToEndTests.stateFolder()
        let list = try Self.history(state)
        let screen = try list.waitFor("Nothing to continue yet")
        #expect(screen.contains("reel movie.mkv") && screen.contains("reel ~/Videos"))
        #expect(screen.contains("Space pause") && screen.contains("q quit"))
        #expect(screen.contains("/config/reel/reel.conf"), "where the config lives:\n\(screen)")
        try list.send("q")
        #expect(list.waitForExit() == 0)
        try list.expectTerminalRestored()
        #expect(list.standardError.isEmpty)
        // A first run records nothing.
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: state + "/reel/resume")) ?? []).isEmpty)
    }

    @Test("the screen reader hears each row: title, progress, time left, when")
    func screenReader() throws {
        let state = ResumeEndToEndTests.stateFolder()
        try Self.watch(Paths.sample("long.mp4"), from: 30, state: state)
        try Self.watch(Paths.sample("chapters.mkv"), from: 3, state: state)
        let list = try Self.history(state, ["--screen-reader"])
        try list.waitFor("Chapters and a Title")
        try list.send("j")
        try list.waitFor("Long clip for seeking, 20 percent, 2 minutes left, just now, 2 of 2")
        try list.send("q")
        #expect(list.waitForExit() == 0)
    }

    @Test("reel --forget-all asks, and forgets only on yes")
    func forgetAllOption() throws {
        let state = ResumeEndToEndTests.stateFolder()
        try Self.watch(Paths.sample("long.mp4"), from: 30, state: state)
        let records = { (try? FileManager.default.contentsOfDirectory(atPath: state + "/reel/resume"))?.count ?? 0 }
        for (answer, left) in [("no", 1), ("y", 0)] {
            let run = try TmuxSession(["/bin/sh", "-c", "echo \(answer) | \"$0\" --forget-all", Paths.reel], environment: ["XDG_STATE_HOME": state])
            #expect(run.waitForExit() == 0)
            #expect(run.standardError.contains("forget the 1 record"), "\(run.standardError)")
            #expect(records() == left, "after \(answer)")
        }
    }
}
