import Foundation
import Testing

/// A real pointer, after the controls have hidden: xdotool's clicks, double clicks, drags and
/// wheel turns in xterm and kitty under Xvfb, which report them to reel only in the tracking
/// mode reel left them in (tmux's `send-keys` would type the reports whatever the mode).
///
/// What reel made of them is read from its trace (`REEL_TRACE`): the input it got, the seeks it
/// sent, the positions of the frames it drew, and when it switched motion reports (on while the
/// controls show, off when they hide).
@Suite("Mouse pointer end to end", .serialized, .enabled(if: XTerminal.available))
struct MousePointerEndToEndTests {
    /// Where the cells are: their size in pixels and how many.
    struct Grid {
        var cellWidth: Int, cellHeight: Int, columns: Int, rows: Int

        /// The pixel at the middle of cell (`column`, `row`).
        func pixel(column: Int, row: Int) -> (x: Int, y: Int) {
            (column * cellWidth + cellWidth / 2, row * cellHeight + cellHeight / 2)
        }

        /// The pixel on the scrubber's bar (the row above the times) at `fraction` of its length.
        func scrubber(_ fraction: Double) -> (x: Int, y: Int) {
            pixel(column: 2 + Int(fraction * Double(columns - 5)), row: rows - 2)
        }
    }

    /// The terminals, and the sizes their windows are opened at (xterm's in cells, kitty's in pixels).
    static let terminals: [(XTerminal.Kind, Int, Int)] = [(.xterm, 100, 30), (.kitty, 800, 480)]

    /// The grid: xterm's from its cells, kitty's from the cell size it told reel (the trace's capabilities).
    static func grid(_ terminal: XTerminal, _ kind: XTerminal.Kind, width: Int, height: Int) throws -> Grid {
        if kind == .xterm {
            return Grid(cellWidth: terminal.width / width, cellHeight: terminal.height / height, columns: width, rows: height)
        }
        let line = String(try #require(terminal.traceLines.first { $0.contains(" picture ") }))
        let cell = try #require(Self.size(after: "cellSize", in: line), "no cell size in \(line)")
        let area = try #require(Self.size(after: "textAreaSize", in: line), "no text area in \(line)")
        return Grid(cellWidth: cell.0, cellHeight: cell.1, columns: area.0 / cell.0, rows: area.1 / cell.1)
    }

    /// The `PixelSize(width: W, height: H)` after `name` in a capabilities line.
    static func size(after name: String, in line: String) -> (Int, Int)? {
        // The trace prints the capabilities with Swift's reflection, module name and all.
        guard let field = line.range(of: name + ": Optional("),
              let start = line.range(of: "PixelSize(width: ", range: field.upperBound..<line.endIndex),
              line[field.upperBound..<start.lowerBound].allSatisfy({ $0.isLetter || $0 == "." }) else { return nil }
        let numbers = line[start.upperBound...].prefix(40).split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    /// mpv's position at the last frame drawn up to trace line `index`.
    static func position(_ terminal: XTerminal, upTo index: Int) -> Double? {
        terminal.traceLines.prefix(index + 1).reversed().lazy.compactMap { line -> Double? in
            guard let range = line.range(of: " frame ") else { return nil }
            return Double(line[range.upperBound...])
        }.first
    }

    /// Waits for the controls to hide (motion reports off) after trace line `index`; the line's index.
    static func waitForHide(_ terminal: XTerminal, after index: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        try #require(terminal.waitForTrace("pointer motion off", after: index + 1), "the controls never hid:\n\(terminal.trace)",
                     sourceLocation: sourceLocation)
    }

    /// Double clicks at `point` on the hidden controls and waits for the seek of `by` and a frame
    /// after it; the positions before and after. A machine so loaded that the second click reaches
    /// reel past the double-click window makes two lone taps instead (each showing or hiding the
    /// controls): then it waits for the controls to hide and tries again, up to three times.
    static func doubleClick(_ terminal: XTerminal, at point: (x: Int, y: Int), seeks by: String,
                            sourceLocation: SourceLocation = #_sourceLocation) throws -> (before: Double, after: Double) {
        for _ in 0..<3 {
            let start = terminal.traceLines.count - 1
            let before = try #require(position(terminal, upTo: start), "no frame yet", sourceLocation: sourceLocation)
            try terminal.click(x: point.x, y: point.y, count: 2)
            guard let seek = terminal.waitForTrace("seek \(by)", after: start, timeout: 5) else {
                if let shown = terminal.waitForTrace("pointer motion on", after: start, timeout: 2) {
                    _ = try waitForHide(terminal, after: shown, sourceLocation: sourceLocation)
                }
                continue
            }
            let seeked = try #require(terminal.waitForTrace(" seeked", after: seek), sourceLocation: sourceLocation)
            let frame = try #require(terminal.waitForTrace(" frame ", after: seeked), sourceLocation: sourceLocation)
            #expect(!terminal.traceLines[start...frame].contains { $0.contains("pointer motion on") },
                    "a double click leaves the controls hidden:\n\(terminal.trace)", sourceLocation: sourceLocation)
            return (before, try #require(position(terminal, upTo: frame), sourceLocation: sourceLocation))
        }
        throw Subprocess.Failure(description: "no \(by) seek after three double clicks:\n\(terminal.trace)")
    }

    @Test("after the controls hide, a click shows them, a double click skips on each half, and a drag and the wheel seek",
          arguments: terminals)
    func player(kind: XTerminal.Kind, width: Int, height: Int) throws {
        let terminal = try XTerminal(kind, [Paths.reel, "--no-audio", "--no-resume", "--hide-delay=1", Paths.sample("long.mp4")],
                                     width: width, height: height)
        let shown = try #require(terminal.waitForTrace("pointer motion on"), "no controls:\n\(terminal.trace)")
        _ = try Self.waitForHide(terminal, after: shown)
        let grid = try Self.grid(terminal, kind, width: width, height: height)

        // A click on the picture brings the controls back (once the double-click window has passed).
        let mark = terminal.traceLines.count - 1
        try terminal.click(x: grid.pixel(column: grid.columns / 3, row: grid.rows / 3).x, y: grid.pixel(column: 0, row: grid.rows / 3).y)
        let input = try #require(terminal.waitForTrace("MouseAction.press", after: mark), "the click never reached reel:\n\(terminal.trace)")
        let back = try #require(terminal.waitForTrace("pointer motion on", after: input), "the click did not show the controls:\n\(terminal.trace)")
        _ = try Self.waitForHide(terminal, after: back)

        // Double clicks on the hidden controls: the right half skips forward, the left half back.
        let row = grid.rows / 3
        let forward = try Self.doubleClick(terminal, at: grid.pixel(column: grid.columns * 3 / 4, row: row), seeks: "by(10.0)")
        #expect(forward.after > forward.before + 8, "the position moved on by 10 s: \(forward)")
        let backward = try Self.doubleClick(terminal, at: grid.pixel(column: grid.columns / 4, row: row), seeks: "by(-10.0)")
        #expect(backward.after < backward.before - 8, "the position went back by 10 s: \(backward)")

        // Paused, the controls stay: drag the scrubber from a quarter to three quarters, then wheel over it.
        var start = terminal.traceLines.count - 1
        try terminal.press("space")
        _ = try #require(terminal.waitForTrace("pointer motion on", after: start), "Space did not show the controls")
        start = terminal.traceLines.count - 1
        try terminal.drag(from: grid.scrubber(0.25), to: grid.scrubber(0.75))
        let landed = try #require(terminal.waitForTrace("exact: true)", after: start), "the drag did not land:\n\(terminal.trace)")
        let target = terminal.traceLines[landed].split(separator: "(").dropFirst().first.flatMap { Double($0.prefix { $0 != "," }) }
        #expect(target.map { abs($0 - 0.75 * 150) < 3 } == true, "landed at three quarters of 2:30: \(terminal.traceLines[landed])")
        start = terminal.traceLines.count - 1
        let bar = grid.scrubber(0.5)
        try terminal.click(x: bar.x, y: bar.y, button: 4)
        #expect(terminal.waitForTrace("seek by(5.0)", after: start) != nil, "the wheel over the scrubber did not seek:\n\(terminal.trace)")
        try terminal.press("q")
        #expect(terminal.waitForExit() == 0, "\(terminal.standardError)")
    }

    @Test("in the list the wheel scrolls, and a double click on a row plays it", arguments: terminals)
    func list(kind: XTerminal.Kind, width: Int, height: Int) throws {
        let folder = Fixtures.path("mouse-list")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for number in 1...60 {
            try Fixtures.copy("segments.mp4", to: folder + "/" + String(format: "clip%02d.mp4", number))
        }
        let terminal = try XTerminal(kind, [Paths.reel, "--no-audio", "--no-resume", folder], width: width, height: height)
        _ = try #require(terminal.waitForTrace("pointer motion off"), "no list:\n\(terminal.trace)")
        let grid = try Self.grid(terminal, kind, width: width, height: height)
        let middle = grid.pixel(column: grid.columns / 2, row: grid.rows / 2)
        let before = try terminal.waitForStillScreen()
        var start = terminal.traceLines.count - 1
        try terminal.click(x: middle.x, y: middle.y, button: 5, count: 3)
        #expect(terminal.waitForTrace("wheelDown", after: start) != nil, "the wheel never reached reel:\n\(terminal.trace)")
        let scrolled = try terminal.waitForScreen { $0.bytes != before.bytes }
        #expect(scrolled.bytes != before.bytes, "the list did not scroll")
        _ = try terminal.waitForStillScreen()
        start = terminal.traceLines.count - 1
        try terminal.click(x: middle.x, y: middle.y, count: 2)
        #expect(terminal.waitForTrace(" frame ", after: start) != nil, "the double click did not play the row:\n\(terminal.trace)")
        try terminal.press("q")
        #expect(terminal.waitForExit() == 0, "\(terminal.standardError)")
    }
}
