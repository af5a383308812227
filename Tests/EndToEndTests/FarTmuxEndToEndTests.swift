import Foundation
import Testing

/// reel in a tmux on the far side of a slow link (ssh → tmux → reel; ``SlowLink`` with its
/// `farTmux`), issue 49: its questions go through tmux's passthrough to the terminal at the near
/// end, whose answers pace the screens.
///
/// The figures are counts from reel's trace, not times: how many screens were awaiting their
/// answers once one came (its `answer N` lines: N still outstanding).
@Suite("Through a tmux on the far side of a slow link end to end", .serialized)
struct FarTmuxEndToEndTests {
    /// The questions outstanding after each answer in reel's trace from line `skipping` on.
    static func outstandingAfterAnswers(_ trace: ReelTrace, after skipping: Int) -> [Int] {
        trace.lines.dropFirst(skipping).compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 3, words[1] == "answer" else { return nil }
            return Int(words[2])
        }
    }

    /// At most one picture awaits its answer, and one screen of the controls behind it: after an
    /// answer, at most one remains (two now and then, with a question asked again alone). The
    /// rest of a picture cut short at the cap once went with every tick of the status line,
    /// unanswered: 2 or 3 remained after 16–39 % of the answers here, and up to 10 in a bench run.
    @Test("at 800 kbit/s in a far tmux, one picture awaits its answer at a time: the rest of one cut at the cap waits for it")
    func restOfCutWaits() throws {
        // As the bench plays: 120x40, the controls hidden (the pictures' cells fill the screen).
        let link = try SlowLink(rate: "800kbit", farTmux: true, width: 120, height: 40,
                                ["--no-audio", "--hide-delay=0", "--loop", SlowLinkEndToEndTests.film])
        link.waitForDelivered(300_000)
        let trace = link.tmux.trace
        let mark = trace.mark
        link.waitForDelivered(link.delivered + 500_000)
        let outstanding = Self.outstandingAfterAnswers(trace, after: mark)
        #expect(outstanding.count >= 10, "\(outstanding.count) answers through tmux's passthrough:\n\(trace.tail)")
        let behind = outstanding.filter { $0 >= 2 }
        #expect(behind.count * 20 <= outstanding.count,
                "2 or more screens awaited their answers after \(behind.count) answers of \(outstanding.count): \(behind)")
        let sent = try link.send("Space")
        let shown = try #require(try link.deliveredWhenShown("▶"), "▶ never showed")
        #expect(shown - sent < SlowLinkEndToEndTests.backlog, "\(shown - sent) bytes reached the screen between Space and ▶")
        _ = try link.send("q")
        #expect(link.waitForExit()?.code == 0)
    }
}
