import Foundation
import Testing

/// Continue watching after an entry was played from it: no Up next (it is no playlist), and the
/// row read again on the way back.
@Suite("Continue watching, back from the player, end to end", .serialized)
struct ContinueWatchingReturnEndToEndTests {
    /// The records in `state`, each with `watched-at` put back by `age` seconds.
    static func age(records state: String, by age: Int) throws {
        let folder = state + "/reel/resume"
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            let path = folder + "/" + name
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                guard line.hasPrefix("watched-at="), let time = Int(line.dropFirst("watched-at=".count)) else { return String(line) }
                return "watched-at=\(time - age)"
            }
            try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    @Test("an entry resumed from continue watching and played to its end offers no Up next; N says it is the last")
    func noUpNext() throws {
        let state = ResumeEndToEndTests.stateFolder()
        try ContinueWatchingEndToEndTests.watch(Paths.sample("long.mp4"), from: 60, state: state)
        try ContinueWatchingEndToEndTests.watch(Paths.sample("chapters.mkv"), from: 5, state: state)
        let list = try ContinueWatchingEndToEndTests.history(state)
        try list.waitForScreen { $0.contains("Long clip for seeking") && $0.contains("Chapters and a Title") }
        try list.send("Enter")
        try list.waitFor("Resumed at 0:05")
        // To the end: the last frame with Replay, and no countdown to the other entry.
        try list.send("End")
        let end = try list.waitFor("Replay")
        #expect(!end.contains("Up next"), "\(end)")
        // A countdown would start with the end: once a key after it is handled, none has.
        try list.sync()
        let later = try list.capture()
        #expect(!later.contains("Up next") && !later.contains("Long clip for seeking"), "\(later)")
        try list.send("N")
        try list.waitFor("This is the last item")
        try list.send("q")
        #expect(list.waitForExit() == 0)
    }

    @Test("back from the player, the row shows its new progress, time left and just now")
    func rowReadAgain() throws {
        let state = ResumeEndToEndTests.stateFolder()
        try ContinueWatchingEndToEndTests.watch(Paths.sample("long.mp4"), from: 30, state: state)
        try Self.age(records: state, by: 3 * 86_400)
        let list = try ContinueWatchingEndToEndTests.history(state, ["--pause"])
        let before = try list.waitFor("2:00 left · 3 days ago")
        #expect(before.contains("Long clip for seeking"))
        try list.send("Enter")
        try list.waitFor("Resumed at 0:30")
        // The notice comes as the item opens; a jump needs its length, so wait for the times
        // (seen under load: a 6 sent 0.1 s after Enter came while it opened, and did nothing).
        _ = try list.waitForScreen { PlayerEndToEndTests.times(in: $0)?.1 == "2:30" }
        // 6: 60 % of 2:30 is 1:30, so 1:00 is left (0:59 with the frame the seek lands on); then
        // back to the list.
        try list.send("6")
        try DoubleTapEndToEndTests.expectElapsed(list, 90)
        try list.send("Escape")
        let after = try list.waitFor("left · just now")
        #expect(after.contains("1:00 left · just now") || after.contains("0:59 left · just now"), "\(after)")
        #expect(!after.contains("3 days ago") && !after.contains("2:00 left"), "\(after)")
        try list.send("q")
        #expect(list.waitForExit() == 0)
    }
}
