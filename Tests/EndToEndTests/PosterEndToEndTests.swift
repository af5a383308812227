import Foundation
import Testing
import TestTerminal

/// The real binary in a real tmux: the poster card, the reveal into the player, and back.
@Suite("Poster end to end", .serialized)
struct PosterEndToEndTests {
    typealias Colour = (Int, Int, Int)

    /// What a half-block pixel of the capture is: the poster's red, the video's blue, or else.
    enum Kind { case poster, video, other }

    static func kind(_ colour: Colour?) -> Kind {
        guard let (r, g, b) = colour else { return .other }
        if r > 150, r > g + 80, r > b + 80 { return .poster }
        if b > 150, b > r + 40, b > g + 40 { return .video }
        return .other
    }

    /// The half-block pixels of a capture: (column, pixel row, colour), skipping text cells.
    static func pixels(_ cells: ScreenCells, width: Int, height: Int) -> [(x: Int, y: Int, colour: Colour?)] {
        var result: [(x: Int, y: Int, colour: Colour?)] = []
        for row in 0..<height {
            for column in 0..<width {
                guard let cell = cells[column, row], cell.text == "▀" || cell.text == " " else { continue }
                result.append((column, row * 2, cell.text == "▀" ? cell.fg : cell.bg))
                result.append((column, row * 2 + 1, cell.bg))
            }
        }
        return result
    }

    static func count(_ kind: Kind, in screen: String, width: Int = 100, height: Int = 30) -> Int {
        pixels(ScreenCells(screen), width: width, height: height).filter { Self.kind($0.colour) == kind }.count
    }

    /// Starts reel on the poster of segments.mp4 and waits for its red picture.
    static func poster(_ extra: [String] = []) throws -> TmuxSession {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--poster"] + extra + [Paths.sample("segments.mp4")])
        try tmux.waitForScreen(escapes: true) { $0.contains("▶") && Self.count(.poster, in: $0) > 2000 }
        return tmux
    }

    /// Presses Enter on the card and waits until the player has the terminal; returns its screen.
    @discardableResult
    static func openPlayer(_ tmux: TmuxSession) throws -> String {
        try tmux.send("Enter")
        return try tmux.waitForScreen { PlayerEndToEndTests.times(in: $0)?.1 == "0:10" }
    }

    /// That an idle card stays still is PosterScreen's, tested with a fake clock; here, that input
    /// it does not act on (a focus report) writes nothing.
    @Test("--poster shows the card with ▶, the title and the duration, and input it does not act on changes nothing")
    func still() throws {
        let tmux = try Self.poster()
        let first = try tmux.capture(escapes: true)
        let text = try tmux.capture()
        #expect(text.contains("Colour segments"))
        #expect(text.contains("0:10"))
        #expect(text.contains("Enter play"))
        try tmux.sync()
        #expect(try tmux.capture(escapes: true) == first, "the poster changed while nothing played")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("Enter opens into the player: the time advances and the picture changes")
    func enterPlays() throws {
        let tmux = try Self.poster()
        let playing = try Self.openPlayer(tmux)
        let start = PlayerEndToEndTests.seconds(try #require(PlayerEndToEndTests.times(in: playing)).0)
        #expect(start < 2)
        // From red (0–2 s) to green (2–4 s) as it plays on.
        try tmux.waitForScreen(timeout: 6, escapes: true) { screen in
            let centre = ScreenCells(screen).topColor(column: 10, row: 13)
            return centre.map { $0.1 > 150 && $0.0 < 80 } ?? false
        }
        let later = try tmux.waitForScreen { screen in
            PlayerEndToEndTests.times(in: screen).map { PlayerEndToEndTests.seconds($0.0) >= start + 2 } ?? false
        }
        #expect(later.contains("Colour segments"))
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    /// With a 12 s reveal and the video crawling from 5 s (blue), a capture taken while the
    /// circle is part-way open: every video pixel is nearer the frame's centre than every poster
    /// pixel, give or take the circle's rim.
    @Test("halfway through the reveal the poster shows outside and the video inside a circle")
    func midReveal() throws {
        let tmux = try Self.poster(["--reveal-duration=12", "--start=5", "--speed=0.05"])
        let card = ScreenCells(try tmux.capture(escapes: true))
        let frame = Self.pixels(card, width: 100, height: 30).filter { Self.kind($0.colour) == .poster }
        let left = try #require(frame.map(\.x).min()), right = try #require(frame.map(\.x).max())
        let top = try #require(frame.map(\.y).min()), bottom = try #require(frame.map(\.y).max())
        let centre = (x: Double(left + right + 1) / 2, y: Double(top + bottom + 1) / 2)
        try tmux.send("Enter")
        let screen = try tmux.waitForScreen(timeout: 12, escapes: true) { screen in
            let video = Self.count(.video, in: screen), poster = Self.count(.poster, in: screen)
            return video > 1000 && poster > 1000
        }
        #expect(try tmux.capture().contains("Now playing"))
        var videoFarthest = 0.0, posterNearest = Double.infinity
        for pixel in Self.pixels(ScreenCells(screen), width: 100, height: 30) {
            let dx = Double(pixel.x) + 0.5 - centre.x, dy = Double(pixel.y) + 0.5 - centre.y
            let distance = (dx * dx + dy * dy).squareRoot()
            switch Self.kind(pixel.colour) {
            case .video: videoFarthest = max(videoFarthest, distance)
            case .poster:
                // The ✕ in the frame's top-right corner sits on the poster too.
                if pixel.x < right - 6 || pixel.y > top + 6 { posterNearest = min(posterNearest, distance) }
            case .other: break
            }
        }
        #expect(videoFarthest <= posterNearest + 2, "video out to \(videoFarthest), poster from \(posterNearest)")
        #expect(posterNearest > 10)
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("Esc in the player goes back to the poster; Esc there quits 0 and restores the terminal")
    func escapeBack() throws {
        let tmux = try Self.poster()
        try Self.openPlayer(tmux)
        try tmux.send("Escape")
        let back = try tmux.waitForScreen { $0.contains("Enter play") && $0.contains("▶") }
        #expect(back.contains("Colour segments"))
        try tmux.sync()
        #expect(tmux.waitForExit(timeout: 0.1) == nil, "closing the video quit reel")
        try tmux.send("Escape")
        #expect(tmux.waitForExit() == 0)
        try tmux.expectTerminalRestored()
        #expect(tmux.standardError.isEmpty, "stderr: \(tmux.standardError)")
    }

    @Test("x closes the video back to the poster, and q quits 0")
    func closeAndQuit() throws {
        let tmux = try Self.poster()
        try Self.openPlayer(tmux)
        try tmux.send("x")
        try tmux.waitFor("Enter play")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        try tmux.expectTerminalRestored()
    }

    @Test("cover art is the poster; a sound file with none gets a card with its title")
    func coverAndCard() throws {
        for name in ["covered.mp4", "cover.mp3"] {
            let tmux = try TmuxSession([Paths.reel, "--no-audio", "--poster", Paths.sample(name)])
            try tmux.waitForScreen(escapes: true) { screen in
                Self.pixels(ScreenCells(screen), width: 100, height: 30).filter { pixel in
                    pixel.colour.map { $0.0 > 200 && $0.1 < 60 && $0.2 > 200 } ?? false
                }.count > 2000
            }
            try tmux.send("q")
            #expect(tmux.waitForExit() == 0, "\(name)")
        }
        // Without --no-audio: a sound file with its sound turned off has nothing left to open.
        // (Where no audio device exists mpv ends the file at once; the card shows all the same.)
        let tmux = try TmuxSession([Paths.reel, "--poster", Paths.sample("tone.mp3")])
        let card = try tmux.waitForScreen { $0.contains("♪") }
        #expect(card.contains("▶"))
        #expect(card.contains("Chime in C") || card.contains("tone.mp3"))
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }
}
