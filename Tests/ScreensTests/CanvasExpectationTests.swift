import Drawing
import Terminal
import Testing

/// The whole-canvas comparison the screens' tests rest on: if it let a difference pass, or
/// named the wrong cell, those tests would prove nothing.
@Suite("Test support: CanvasExpectation")
struct CanvasExpectationTests {
    static let red = RGB(255, 0, 0)
    static let legend: [Character: Look] = [" ": .blank(.black), "t": .text(.white, on: .black), "R": .text(red, on: .black, .bold)]

    /// "ab" in white and "!" in bold red, on a black 4 × 2 canvas.
    static func canvas() -> Canvas {
        var canvas = Canvas(width: 4, height: 2)
        canvas.drawText("ab", x: 0, y: 0, fg: .white, bg: .black)
        canvas.drawText("!", x: 3, y: 1, fg: red, bg: .black, style: .bold)
        return canvas
    }

    @Test("a canvas as expected has no differences, a space in a run of text taking the run's letter")
    func same() {
        let expected = CanvasExpectation(rows: ["ab  ", "   !"], looks: ["ttt ", "   R"], legend: Self.legend)
        #expect(expected.differences(from: Self.canvas()).isEmpty)
    }

    @Test("a differing row is named, expected beside got, and the first cell of a wrong look with its colours")
    func differs() {
        let expected = CanvasExpectation(rows: ["ab  ", "   ?"], looks: ["tt  ", "   t"], legend: Self.legend)
        #expect(expected.differences(from: Self.canvas()) == [
            "row 1 text:", "  expected │   ?│", "  got      │   !│",
            "row 1 looks:", "  expected │   t│", "  got      │   R│",
            "  column 3: expected t (fg (255, 255, 255) · bg (0, 0, 0) · plain), got \"!\" fg (255, 0, 0) · bg (0, 0, 0) · bold",
        ])
    }

    @Test("a text-only expectation checks every row's text, and no look")
    func textOnly() {
        #expect(CanvasExpectation(text: ["ab  ", "   !"]).differences(from: Self.canvas()).isEmpty)
        #expect(CanvasExpectation(text: ["ab  ", "   ?"]).differences(from: Self.canvas())
            == ["row 1 text:", "  expected │   ?│", "  got      │   !│"])
        #expect(CanvasExpectation(text: ["ab  "]).differences(from: Self.canvas()).first?.hasPrefix("expected 1 rows") == true)
    }

    @Test("an expectation of the wrong size says so", arguments: [(["ab  "], ["tt  "]), (["ab  ", "   !"], ["tt  ", "  R"])])
    func wrongSize(rows: [String], looks: [String]) {
        let differences = CanvasExpectation(rows: rows, looks: looks, legend: Self.legend).differences(from: Self.canvas())
        #expect(differences.first?.hasPrefix("expected 1 rows") == true || differences.first?.hasPrefix("row 1 looks: 3 letters") == true,
                "\(differences)")
    }

    @Test("a blank look takes no text, and a colour seen nowhere is not checked: a blank's foreground")
    func blanks() {
        var canvas = Canvas(width: 2, height: 1)
        canvas[0, 0] = Cell(symbol: .space, fg: Self.red, bg: .black)
        canvas.drawText("x", x: 1, y: 0, fg: .white, bg: .black)
        #expect(CanvasExpectation(rows: [" x"], looks: ["  "], legend: Self.legend).differences(from: canvas).count == 4)
        #expect(CanvasExpectation(rows: [" x"], looks: [" t"], legend: Self.legend).differences(from: canvas).isEmpty)
    }
}
