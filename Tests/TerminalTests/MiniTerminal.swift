@testable import Drawing
import Testing
@testable import Terminal

/// A small terminal emulator that interprets exactly the sequences the renderer may send, so tests
/// can check that the bytes really produce the canvas (and that the cursor model stays in sync).
///
/// It records a problem instead of guessing whenever the bytes would rely on behaviour that differs
/// between terminals: printing with a pending wrap, an unknown sequence, or leaving half of a wide
/// character on screen.
struct MiniTerminal {
    struct Screen: Equatable {
        var text: String
        var fg: RGB?
        var bg: RGB?
        var style: CellStyle
        var isContinuation = false
    }

    let width: Int
    let height: Int
    var screen: [Screen]
    var x = 0
    var y = 0
    var pendingWrap = false
    var fg: RGB?
    var bg: RGB?
    var style: CellStyle = []
    var problems: [String] = []
    var syncDepth = 0
    private var utf8: [UInt8] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        screen = Array(repeating: Screen(text: "?", fg: nil, bg: nil, style: []), count: width * height)
    }

    mutating func feed(_ bytes: [UInt8]) {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case 0x1B:
                i = escape(bytes, from: i)
                continue
            case 0x0D: x = 0; pendingWrap = false
            case 0x0A:
                if y + 1 >= height { problems.append("line feed at the bottom scrolls") } else { y += 1 }
                pendingWrap = false
            case 0x08:
                if pendingWrap { problems.append("backspace with a pending wrap") }
                x = max(0, x - 1)
            case 0x00..<0x20: problems.append("control byte \(b)")
            default:
                utf8.append(b)
                let scalars = String(decoding: utf8, as: UTF8.self).unicodeScalars
                if scalars.count == 1, let scalar = scalars.first, scalar != "\u{FFFD}" || utf8 == [0xEF, 0xBF, 0xBD] {
                    utf8.removeAll()
                    put(scalar)
                } else if utf8.count >= 4 {
                    problems.append("bad UTF-8")
                    utf8.removeAll()
                }
            }
            i += 1
        }
    }

    private mutating func put(_ scalar: Unicode.Scalar) {
        let w = TextWidth.of(scalar)
        if w == 0 {
            // A combining mark joins the character just written (the cursor stays on it after the last column).
            let at = pendingWrap || x == 0 ? y * width + x : y * width + x - 1
            screen[at].text.unicodeScalars.append(scalar)
            return
        }
        if pendingWrap {
            problems.append("printing with a pending wrap at row \(y)")
            return
        }
        if x + w > width {
            problems.append("wide character does not fit")
            return
        }
        erasePairs(at: x, width: w)
        let i = y * width + x
        screen[i] = Screen(text: String(Character(scalar)), fg: fg, bg: bg, style: style)
        if w == 2 { screen[i + 1] = Screen(text: "", fg: fg, bg: bg, style: style, isContinuation: true) }
        if x + w >= width { x = width - 1; pendingWrap = true } else { x += w }
    }

    /// Overwriting part of a wide character blanks the rest of it, with unknown colours.
    private mutating func erasePairs(at column: Int, width w: Int) {
        let base = y * width
        if screen[base + column].isContinuation, column > 0 {
            screen[base + column - 1] = Screen(text: " ", fg: nil, bg: nil, style: [])
        }
        let last = column + w - 1
        if last + 1 < width, screen[base + last + 1].isContinuation {
            screen[base + last + 1] = Screen(text: " ", fg: nil, bg: nil, style: [])
        }
    }

    private mutating func escape(_ bytes: [UInt8], from start: Int) -> Int {
        guard start + 1 < bytes.count, bytes[start + 1] == 0x5B else {
            problems.append("bare ESC")
            return start + 1
        }
        var i = start + 2
        var params = ""
        while i < bytes.count, (0x20...0x3F).contains(bytes[i]) {
            params.append(Character(Unicode.Scalar(bytes[i])))
            i += 1
        }
        guard i < bytes.count else {
            problems.append("truncated CSI")
            return i
        }
        control(params, final: Character(Unicode.Scalar(bytes[i])))
        return i + 1
    }

    private mutating func control(_ params: String, final: Character) {
        if params.hasPrefix("?") {
            if params == "?2026" && final == "h" { syncDepth += 1 } else if params == "?2026" && final == "l" { syncDepth -= 1 } else { problems.append("mode \(params)\(final)") }
            return
        }
        let numbers = params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func n(_ k: Int, _ fallback: Int = 1) -> Int { k < numbers.count ? (numbers[k] ?? fallback) : fallback }
        let wasPending = pendingWrap
        pendingWrap = false
        switch final {
        case "H": y = n(0) - 1; x = n(1) - 1
        case "G": x = n(0) - 1
        case "d": y = n(0) - 1
        case "C":
            if wasPending { problems.append("CUF with a pending wrap") }
            x += n(0)
        case "D":
            if wasPending { problems.append("CUB with a pending wrap") }
            x -= n(0)
        case "A": y -= n(0)
        case "B": y += n(0)
        case "E": y += n(0); x = 0
        case "F": y -= n(0); x = 0
        case "J":
            if n(0, 0) == 2 {
                for i in screen.indices { screen[i] = Screen(text: " ", fg: nil, bg: bg, style: []) }
            } else { problems.append("J \(params)") }
        case "m": sgr(numbers.map { $0 ?? 0 })
        default: problems.append("CSI \(params)\(final)")
        }
        if x < 0 || x >= width || y < 0 || y >= height { problems.append("cursor left the screen: \(x),\(y)") }
        x = min(max(x, 0), width - 1)
        y = min(max(y, 0), height - 1)
    }

    private mutating func sgr(_ p: [Int]) {
        var k = 0
        while k < p.count {
            switch p[k] {
            case 0: fg = nil; bg = nil; style = []
            case 1: style.insert(.bold)
            case 2: style.insert(.dim)
            case 3: style.insert(.italic)
            case 4: style.insert(.underline)
            case 7: style.insert(.reverse)
            case 38, 48:
                let layer = p[k]
                let color: RGB
                if p[k + 1] == 2 {
                    color = RGB(UInt8(p[k + 2]), UInt8(p[k + 3]), UInt8(p[k + 4]))
                    k += 4
                } else {
                    color = Palette256.color(at: UInt8(p[k + 2]))
                    k += 2
                }
                if layer == 38 { fg = color } else { bg = color }
            default: problems.append("SGR \(p[k])")
            }
            k += 1
        }
    }

    /// Whether a block glyph (or blank) on screen looks like the canvas's block `cell` whose
    /// text is `text`: each sample's colour within `tolerance`, whatever symbols draw them (`▀`
    /// may be written as `▄` with the colours swapped, and a block of two close colours as a
    /// blank). Nil when either is not a block in no style, to be compared as text.
    func blocksLookAlike(_ shown: Screen, _ cell: Cell, text: String, tolerance: UInt8) -> Bool? {
        guard shown.style.isEmpty, cell.style.isEmpty, let shownMask = MiniTerminal.lookMask(shown.text),
              let cellMask = MiniTerminal.lookMask(text) else { return nil }
        for bit in 0..<32 {
            let seen = shownMask & (1 << bit) != 0 ? shown.fg : shown.bg
            let wanted = cellMask & (1 << bit) != 0 ? cell.fg : cell.bg
            guard let seen, seen.maxChannelDistance(to: wanted) <= tolerance else { return false }
        }
        return true
    }

    /// The samples a block glyph lights (``BlockGlyph``'s grid), 0 for a blank.
    static func lookMask(_ text: String) -> UInt32? {
        guard text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first else { return nil }
        return BlockGlyph.lookMask(CellSymbol(scalar, wide: false))
    }

    /// The differences between the screen and `canvas`, allowing `tolerance` per channel.
    func differences(from canvas: Canvas, tolerance: UInt8 = 0, quantize: Bool = false) -> [String] {
        var out: [String] = []
        for y in 0..<height {
            for x in 0..<width {
                var cell = canvas[x, y]
                if cell.symbol.isContinuation { continue }
                if quantize {
                    cell.fg = Palette256.quantized(cell.fg)
                    cell.bg = Palette256.quantized(cell.bg)
                }
                let shown = screen[y * width + x]
                let expectedText = canvas.text(of: cell)
                if let same = blocksLookAlike(shown, cell, text: expectedText, tolerance: tolerance) {
                    if !same { out.append("(\(x),\(y)) shows \(shown) for \(expectedText) \(cell)") }
                    continue
                }
                guard shown.text == expectedText, shown.style == cell.style,
                      let bg = shown.bg, bg.maxChannelDistance(to: cell.bg) <= tolerance else {
                    out.append("(\(x),\(y)) shows \(shown) for \(expectedText) \(cell)")
                    continue
                }
                if cell.showsForeground {
                    guard let fg = shown.fg, fg.maxChannelDistance(to: cell.fg) <= tolerance else {
                        out.append("(\(x),\(y)) fg \(String(describing: shown.fg)) for \(cell.fg)")
                        continue
                    }
                }
            }
        }
        return out
    }
}

/// The emulator the renderer's byte-for-byte tests rest on: if it misread a sequence, or let a
/// terminal-dependent one pass, those tests would prove nothing.
@Suite("Test support: MiniTerminal")
struct MiniTerminalTests {
    @Test("text goes where the cursor is put, in the colours in force")
    func positionsAndColours() {
        var terminal = MiniTerminal(width: 4, height: 2)
        terminal.feed(Array("\u{1B}[2;2H\u{1B}[38;2;1;2;3;48;2;4;5;6m▀b".utf8))
        #expect(terminal.problems.isEmpty)
        #expect(terminal.screen[5] == MiniTerminal.Screen(text: "▀", fg: RGB(1, 2, 3), bg: RGB(4, 5, 6), style: []))
        #expect(terminal.screen[6].text == "b" && terminal.x == 3 && terminal.y == 1)
        #expect(terminal.screen[0].text == "?", "untouched cells stay unknown")
    }

    @Test("a reset and the 256-colour palette are read as a terminal reads them")
    func resetAndPalette() {
        var terminal = MiniTerminal(width: 2, height: 1)
        terminal.feed(Array("\u{1B}[1;38;5;196mx\u{1B}[0my".utf8))
        #expect(terminal.screen[0] == MiniTerminal.Screen(text: "x", fg: Palette256.color(at: 196), bg: nil, style: [.bold]))
        #expect(terminal.screen[1] == MiniTerminal.Screen(text: "y", fg: nil, bg: nil, style: []))
    }

    @Test("bytes whose effect differs between terminals are reported, not guessed", arguments: [
        ("abc", "printing with a pending wrap"),   // past the last column: wraps or not, by terminal
        ("\n\n", "line feed at the bottom scrolls"),
        ("\u{1B}[5C", "cursor left the screen"),
        ("\u{1B}[?1049h", "mode ?1049h"),
        ("\u{1B}[K", "CSI K"),
        ("\u{7}", "control byte 7"),
    ])
    func problems(bytes: String, problem: String) {
        var terminal = MiniTerminal(width: 2, height: 2)
        terminal.feed(Array(bytes.utf8))
        #expect(terminal.problems.contains { $0.hasPrefix(problem) }, "\(terminal.problems)")
    }

    @Test("synchronized updates nest and close")
    func synchronizedUpdates() {
        var terminal = MiniTerminal(width: 2, height: 1)
        terminal.feed(Array("\u{1B}[?2026h".utf8))
        #expect(terminal.syncDepth == 1)
        terminal.feed(Array("\u{1B}[?2026l".utf8))
        #expect(terminal.syncDepth == 0 && terminal.problems.isEmpty)
    }
}
