import Foundation
import Testing

/// The picture sized to the link (issue 49, item 3): reel behind scripts/linkproxy at 100 kB/s
/// steps down the ladder (``Controls/LinkLadder``) from today's pictures, keeps every screen
/// within the link's cap, and so a key's effect comes after few of the link's bytes.
///
/// Bytes and the trace's words, no times: the limit of 60 kB between Space and the pause symbol
/// is four screens at the cap of 15 kB (the rate × 150 ms), far under the 200 kB that the other
/// slow-link tests call a backlog and far over what a capped reel writes.
@Suite("The picture sized to the link end to end", .serialized)
struct LinkLadderEndToEndTests {
    /// More of the link's bytes than this between Space and the pause symbol: a screen over the cap.
    static let fewBytes = 60_000

    @Test("at 100 kB/s reel steps down from today's pictures, names the rung on its stats panel, and its pause shows after few bytes")
    func stepsDownAndPausesPromptly() throws {
        let link = try SlowLinkEndToEndTests.playing(rate: "800kbit", ["--colors=truecolor"])
        let trace = link.tmux.trace
        #expect(trace.waitFor("rung tolerant", timeout: 40) != nil, "the ladder never stepped down; the trace ends:\n\(trace.tail)")
        _ = try link.send("i")
        #expect(try link.deliveredWhenShown("pictures: ", timeout: 20) != nil, "the stats panel never named the rung")
        let sent = try link.send("Space")
        let shown = try #require(try link.deliveredWhenShown("▶"), "the pause never showed")
        #expect(shown - sent < Self.fewBytes, "\(shown - sent) bytes reached the screen between Space and the pause")
        _ = try link.send("q")
        #expect(link.waitForExit()?.code == 0)
    }

    /// The rest of a picture cut short at the link's cap goes once the terminal has answered for
    /// the part before it, not behind it in the link: in reel's trace, a `draw` after a cut
    /// (`cut`, `draw`) comes only after an `answer`. No key is pressed, so no screen has a key's
    /// right to go behind a picture.
    @Test("at 100 kB/s a picture cut at the cap waits for its answer before its rest, or any screen, goes")
    func cutPictureWaitsForItsAnswer() throws {
        let link = try SlowLink(rate: "800kbit", width: 120, height: 40,
                                ["--no-audio", "--hide-delay=0", "--loop", "--colors=truecolor", Paths.sample("photo-pan.mp4")])
        let trace = link.tmux.trace
        #expect(trace.waitFor("rung tolerant", timeout: 40) != nil, "the ladder never stepped down; the trace ends:\n\(trace.tail)")
        link.waitForDelivered(link.delivered + 300_000)
        var cuts = 0, early: [Int] = []
        var afterCut = false
        let lines = trace.lines
        for (index, line) in lines.enumerated() {
            let event = line.split(separator: " ").dropFirst().first ?? ""
            if event == "answer" {
                afterCut = false
            } else if event == "draw" {
                if afterCut { early.append(index) }
                afterCut = index > 0 && lines[index - 1].hasSuffix(" cut")
                if afterCut { cuts += 1 }
            }
        }
        #expect(cuts > 0, "no picture was cut at the cap; the trace ends:\n\(trace.tail)")
        let first = early.first ?? 0
        let context: String = lines[max(first - 8, 0)..<min(first + 2, lines.count)].joined(separator: "\n")
        #expect(early.isEmpty, "\(early.count) of \(cuts) screens after a cut one went before its answer, as at line \(first):\n\(context)")
        _ = try link.send("q")
        #expect(link.waitForExit()?.code == 0)
    }

    @Test("a terminal that never answers: no rung is ever taken, even at 100 kB/s")
    func unansweredKeepsTop() throws {
        let link = try SlowLinkEndToEndTests.playing(rate: "800kbit", answers: false)
        link.waitForDelivered(link.delivered + 300_000)
        #expect(link.tmux.trace.indices(of: "rung ").isEmpty, "the trace:\n\(link.tmux.trace.tail)")
        _ = try link.send("q")
        #expect(link.waitForExit()?.code == 0)
    }
}
