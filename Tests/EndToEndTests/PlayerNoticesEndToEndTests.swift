import Foundation
import Testing

/// Issue 36's small player defects as a user meets them in tmux: the resume notice after Home, the
/// subtitle across a frame step back, a skip's feedback over a jump, and how moves name items.
@Suite("Player notices end to end", .serialized)
struct PlayerNoticesEndToEndTests {
    static func elapsed(_ screen: String) -> Int? {
        PlayerEndToEndTests.times(in: screen).map { PlayerEndToEndTests.seconds($0.0) }
    }

    @Test("Home takes the resume notice away with the resumed place, though notices last 30 s")
    func resumeNoticeGoesAtHome() throws {
        let state = ResumeEndToEndTests.stateFolder()
        let first = try TmuxSession([Paths.reel, "--no-audio", "--pause", "--start=20", Paths.sample("long.mp4")],
                                    environment: ["XDG_STATE_HOME": state])
        try DoubleTapEndToEndTests.expectElapsed(first, 20)
        try first.send("q")
        #expect(first.waitForExit() == 0)
        let second = try TmuxSession([Paths.reel, "--no-audio", "--pause", "--notice-duration=30", Paths.sample("long.mp4")],
                                     environment: ["XDG_STATE_HOME": state])
        try second.waitFor("Resumed at 0:20 · Home to start over")
        try second.send("Home")
        try second.waitForScreen { Self.elapsed($0) == 0 && !$0.contains("Resumed at") }
        try second.send("q")
        #expect(second.waitForExit() == 0)
    }

    @Test(", (a frame back) keeps the subtitle on screen through the step's seek")
    func frameBackKeepsSubtitle() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--pause", "--hide-delay=60", "--start=2", Paths.sample("film.mkv")],
                                   width: 100, height: 30)
        try tmux.waitForScreen { $0.contains("The first line.") && Self.elapsed($0) == 2 }
        try tmux.send(",")
        // Every screen from the key until a while after the step has landed (the clock reads
        // 0:01 from 1.958 s) shows the line, which is on screen from 1 s to 3.5 s.
        var screens = 0, blanks: [String] = [], landed = 0
        let deadline = Date().addingTimeInterval(15)
        while landed < 20, Date() < deadline {
            let screen = try tmux.capture()
            screens += 1
            if !screen.contains("The first line.") { blanks.append(screen) }
            if Self.elapsed(screen) == 1 { landed += 1 }
        }
        #expect(landed == 20, "the step never landed")
        let bottom = blanks.first.map { $0.split(separator: "\n").suffix(4).joined(separator: "\n") } ?? ""
        #expect(blanks.isEmpty, "\(blanks.count) of \(screens) screens had no subtitle; the first ends:\n\(bottom)")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("j then 5: the jump to the middle leaves no ◀◀ -10 s over the new place")
    func jumpClearsSkip() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--pause", "--hide-delay=60", "--start=100", Paths.sample("long.mp4")])
        try DoubleTapEndToEndTests.expectElapsed(tmux, 100)
        try tmux.send("j")
        try tmux.waitForScreen { $0.contains("◀◀") || Self.elapsed($0) == 90 }
        try tmux.send("5")
        // The feedback would last 0.9 s after the skip: the first screens at 1:15 must be clear of it.
        let screen = try tmux.waitForScreen { Self.elapsed($0) == 75 }
        #expect(!screen.contains("◀◀") && !screen.contains("-10 s"), "\(screen)")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("N and P name the item alike, by its title: Next: Colour segments, Previous: Chapters and a Title")
    func movesNameByTitle() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--pause", "--hide-delay=60", "--notice-duration=30",
                                    Paths.sample("chapters.mkv"), Paths.sample("segments.mp4")])
        try tmux.waitFor("Chapters and a Title")
        try tmux.send("N")
        let next = try tmux.waitForScreen { $0.contains("Next: ") && $0.contains("Colour segments") }
        #expect(next.contains("Next: Colour segments (2/2)") && !next.contains("segments.mp4"), "\(next)")
        try tmux.send("P")
        try tmux.waitFor("Previous: Chapters and a Title (1/2)")
        try tmux.send("N")
        try tmux.waitFor("Next: Colour segments (2/2)")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }
}
