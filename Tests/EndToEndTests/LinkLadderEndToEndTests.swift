import Foundation
import Testing
import TestTerminal

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

    /// reel playing the photo-pan clip, the controls hidden, behind a link of 100 kB/s at
    /// `width` x `height`, once its ladder has stepped down from the top.
    static func steppedDown(width: Int, height: Int) throws -> SlowLink {
        let link = try SlowLink(rate: "800kbit", width: width, height: height,
                                ["--no-audio", "--hide-delay=0", "--loop", "--colors=truecolor", Paths.sample("photo-pan.mp4")])
        let trace = link.tmux.trace
        #expect(trace.waitFor("rung tolerant", timeout: 40) != nil, "the ladder never stepped down; the trace ends:\n\(trace.tail)")
        return link
    }

    /// The rest of a picture cut short at the link's cap goes once the terminal has answered for
    /// the part before it, not behind it in the link: in reel's trace, a `draw` after a cut
    /// (`cut`, `draw`) comes only after an `answer`. No key is pressed, so no screen has a key's
    /// right to go behind a picture.
    @Test("at 100 kB/s a picture cut at the cap waits for its answer before its rest, or any screen, goes")
    func cutPictureWaitsForItsAnswer() throws {
        let link = try Self.steppedDown(width: 120, height: 40)
        let trace = link.tmux.trace
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

    /// The columns the picture covers in a capture: the first and last whose cells in the middle
    /// rows show a colour brighter than the letterbox's black; nil when none do.
    static func pictureColumns(_ cells: ScreenCells, rows: Range<Int>) -> ClosedRange<Int>? {
        func lit(_ colour: (Int, Int, Int)?) -> Bool { colour.map { max($0.0, $0.1, $0.2) > 24 } ?? false }
        let columns = (0..<(cells.rows.map(\.count).max() ?? 0)).filter { column in
            rows.contains { row in cells[column, row].map { lit($0.bg) || ($0.text != " " && lit($0.fg)) } ?? false }
        }
        guard let first = columns.first, let last = columns.last else { return nil }
        return first...last
    }

    /// The columns the picture covered over `looks` captures a tenth of a second apart (the
    /// median of each edge, so that a look in passing, half one picture and half the next, does
    /// not move them), and whether any of them showed a glyph but half blocks in the picture.
    static func look(_ tmux: TmuxSession, looks: Int = 10) throws -> (columns: ClosedRange<Int>?, finer: Bool) {
        var lefts: [Int] = [], rights: [Int] = []
        var finer = false
        for _ in 0..<looks {
            let cells = ScreenCells(try tmux.capture(escapes: true))
            if let seen = pictureColumns(cells, rows: 8..<22) {
                lefts.append(seen.lowerBound)
                rights.append(seen.upperBound)
            }
            finer = finer || cells.rows[8..<22].contains { $0.contains { !["", " ", "▀", "▄", "█"].contains($0.text) } }
            Thread.sleep(forTimeInterval: 0.1)
        }
        guard !lefts.isEmpty else { return (nil, finer) }
        return (lefts.sorted()[lefts.count / 2]...rights.sorted()[rights.count / 2], finer)
    }

    /// The pillarboxed picture keeps its place and shape on the half-block rung: mpv renders it
    /// at the half blocks' size and pixel shape. Rendered at the finer cells' size, the half
    /// blocks would show its left part stretched to the right edge; at their pixel shape, a
    /// picture as wide again.
    @Test("at 100 kB/s the ladder steps down to half blocks, and the picture, rendered at their size, keeps its place")
    func halfBlocksFollowedByTheRenderSize() throws {
        let link = try Self.steppedDown(width: 160, height: 30)
        let trace = link.tmux.trace
        let before = try Self.look(link.tmux)
        #expect(before.finer, "the picture was half blocks before the ladder chose them")
        let step = try #require(trace.waitFor("cells half", timeout: 40), "the ladder never took half blocks; the trace ends:\n\(trace.tail)")
        #expect(trace.lines[step].hasSuffix("cells half 160x60"), "\(trace.lines[step])")
        // The new cells reach every row over a few screens, each within the cap.
        var after = try Self.look(link.tmux)
        let deadline = Date().addingTimeInterval(20)
        while after.finer, Date() < deadline { after = try Self.look(link.tmux) }
        #expect(!after.finer, "the picture still showed finer cells than half blocks")
        let was = try #require(before.columns), now = try #require(after.columns)
        // 16:9 in 160x30 cells of 1:2: about 107 columns, from about column 27 to 133.
        #expect(abs(was.lowerBound - now.lowerBound) <= 2 && abs(was.upperBound - now.upperBound) <= 2,
                "the picture covered columns \(was) before the half blocks and \(now) after")
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
