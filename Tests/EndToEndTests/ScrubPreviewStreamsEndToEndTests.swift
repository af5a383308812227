import Foundation
import Testing

/// The scrub preview of streams in a real tmux: an HLS rendition from the tests' own HTTP server
/// is opened a second time for its frames; standard input has the time alone.
@Suite("Scrub preview of streams end to end", .serialized)
struct ScrubPreviewStreamsEndToEndTests {
    /// How many preview frames `--stats` counted as shown for the pointer.
    static func previews(in standardError: String) -> Int? {
        guard let range = standardError.range(of: " previews ") else { return nil }
        return Int(standardError[range.upperBound...].prefix { $0.isNumber })
    }

    /// Hovers at `column` until the card with `label` shows; the screen.
    @discardableResult
    static func hover(_ tmux: TmuxSession, column: Int, label: String) throws -> String {
        try ScrubPreviewEndToEndTests.mouse(tmux, 35, column: column)
        return try tmux.waitFor(label)
    }

    @Test("an HLS stream's card shows a frame: the playlist is fetched a second time, and the frame is counted")
    func hls() throws {
        let site = try StreamsEndToEndTests.Site()
        let url = try site.hls()
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--no-resume", "--pause", "--stats", url])
        try tmux.waitForScreen { StreamsEndToEndTests.times($0).map { $0.1 == 10 } ?? false }
        let playlistFetches = { site.server.requests.filter { $0 == "GET /hls/index.m3u8" }.count }
        let before = playlistFetches()
        var mark = tmux.trace.mark
        // The rendition is 10 s long: column 60 of the 95-cell scrubber is 0:06.
        let column = 60
        let label = "0:0\(ScrubPreviewEndToEndTests.time(atColumn: column, duration: 10))"
        let screen = try Self.hover(tmux, column: column, label: label)
        let place = try #require(ScrubPreviewEndToEndTests.place(of: label, in: screen))
        // With a picture the card is taller than its label: the picture's rows are above it.
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(place.row < ScrubPreviewEndToEndTests.scrubberRow - 1, "\(screen)")
        #expect(rows.indices.contains(place.row - 1))
        // The decoder opens the stream again, with its own small cache, and a frame comes.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, playlistFetches() <= before { Thread.sleep(forTimeInterval: 0.1) }
        #expect(playlistFetches() > before, "the preview did not open the playlist: \(site.server.requests)")
        // Moving along asks for more frames; each that lands for where the pointer is is counted.
        for next in [40, 75] {
            #expect(tmux.trace.waitFor(" preview latency ", after: mark) != nil, "no frame came:\n\(tmux.trace.tail)")
            mark = tmux.trace.mark
            try Self.hover(tmux, column: next, label: "0:0\(ScrubPreviewEndToEndTests.time(atColumn: next, duration: 10))")
        }
        #expect(tmux.trace.waitFor(" preview latency ", after: mark) != nil, "no frame came:\n\(tmux.trace.tail)")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        let shown = try #require(Self.previews(in: tmux.standardError), "stats: \(tmux.standardError)")
        #expect(shown >= 1, "no preview frame was shown: \(tmux.standardError)")
    }

    @Test("standard input's card has the time alone: no second opening, no frame")
    func standardInputTimeAlone() throws {
        let tmux = try TmuxSession(["/bin/sh", "-c",
                                    "cat '\(Paths.sample("demo.mp4"))' | '\(Paths.reel)' --no-audio --no-resume --pause --stats -"])
        try tmux.waitForScreen { StreamsEndToEndTests.times($0).map { $0.1 == 10 } ?? false }
        let column = 60
        let label = "0:0\(ScrubPreviewEndToEndTests.time(atColumn: column, duration: 10))"
        let screen = try Self.hover(tmux, column: column, label: label)
        let place = try #require(ScrubPreviewEndToEndTests.place(of: label, in: screen))
        // The time alone: one row, straight above the scrubber's hit area.
        #expect(place.row >= ScrubPreviewEndToEndTests.scrubberRow - 2, "\(screen)")
        // The card is drawn, so the hover is handled: nothing was asked of a second opening.
        #expect(tmux.trace.indices(of: " preview request ").isEmpty, "\(tmux.trace.tail)")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        #expect(Self.previews(in: tmux.standardError) == 0, "stats: \(tmux.standardError)")
    }
}
