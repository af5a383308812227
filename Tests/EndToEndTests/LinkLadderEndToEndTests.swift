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

    @Test("a terminal that never answers: no rung is ever taken, even at 100 kB/s")
    func unansweredKeepsTop() throws {
        let link = try SlowLinkEndToEndTests.playing(rate: "800kbit", answers: false)
        link.waitForDelivered(link.delivered + 300_000)
        #expect(link.tmux.trace.indices(of: "rung ").isEmpty, "the trace:\n\(link.tmux.trace.tail)")
        _ = try link.send("q")
        #expect(link.waitForExit()?.code == 0)
    }
}
