import Drawing
import ScreenParts
import Testing

/// What every screen draws with: the chrome's fade, the panel, centred text and the spoken log.
@Suite("ScreenParts: the fade, the panel and the spoken log")
struct ScreenPartsTests {
    /// The text of `row`, one character a cell.
    static func text(_ canvas: Canvas, row: Int) -> String {
        (0..<canvas.width).map { canvas.text(of: canvas[$0, row]) }.joined()
    }

    @Test("a fade at opacity 0 leaves the canvas as it was; at 1 it is the drawing itself")
    func fadeEnds() {
        let before = Canvas(width: 6, height: 2, background: RGB(10, 20, 30))
        let red = RGB(200, 0, 0)
        var untouched = before
        untouched.drawFaded(in: Rect(x: 0, y: 0, width: 6, height: 2), opacity: 0) { $0.fill(Rect(x: 1, y: 0, width: 3, height: 2), bg: red) }
        #expect(untouched.cells == before.cells)
        var whole = before
        whole.drawFaded(in: Rect(x: 0, y: 0, width: 6, height: 2), opacity: 1) { $0.fill(Rect(x: 1, y: 0, width: 3, height: 2), bg: red) }
        var drawn = before
        drawn.fill(Rect(x: 1, y: 0, width: 3, height: 2), bg: red)
        #expect(whole.cells == drawn.cells)
    }

    @Test("half faded, a changed cell's background lies between the old colour and the new")
    func fadeHalf() {
        var canvas = Canvas(width: 2, height: 1, background: .black)
        canvas.drawFaded(in: Rect(x: 0, y: 0, width: 2, height: 1), opacity: 0.5) { $0.fill(Rect(x: 0, y: 0, width: 1, height: 1), bg: RGB(200, 200, 200)) }
        let faded = canvas[0, 0].bg
        #expect(faded.r > 0 && faded.r < 200)
        #expect(canvas[1, 0].bg == .black)
    }

    @Test("a panel is a box with rounded corners, its inside filled")
    func panel() {
        var canvas = Canvas(width: 5, height: 3)
        canvas.drawPanel(Rect(x: 0, y: 0, width: 5, height: 3), background: RGB(1, 2, 3), border: RGB(9, 9, 9))
        #expect((0..<3).map { Self.text(canvas, row: $0) } == ["╭───╮", "│   │", "╰───╯"])
        #expect(canvas[2, 1].bg == RGB(1, 2, 3))
    }

    @Test("centred text starts where it is centred, and is cut to the rectangle with an ellipsis")
    func centred() {
        var canvas = Canvas(width: 10, height: 1)
        let x = canvas.drawCentered("abcd", row: 0, in: Rect(x: 0, y: 0, width: 10, height: 1), fg: .white)
        #expect(x == 3)
        #expect(Self.text(canvas, row: 0) == "   abcd   ")
        var narrow = Canvas(width: 10, height: 1)
        narrow.drawCentered("abcdefgh", row: 0, in: Rect(x: 2, y: 0, width: 4, height: 1), fg: .white)
        #expect(Self.text(narrow, row: 0) == "  abc…    ")
    }

    @Test("the spoken log keeps the last lines, the newest last")
    func spokenLog() {
        var lines: [String] = []
        for n in 0..<(SpokenLog.limit + 5) { SpokenLog.append("line \(n)", to: &lines) }
        #expect(lines.count == SpokenLog.limit)
        #expect(lines.first == "line 5")
        #expect(lines.last == "line \(SpokenLog.limit + 4)")
    }
}
