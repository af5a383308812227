import Drawing
import Terminal

/// The test targets' one terminal decoder: a small emulator that turns bytes back into a screen of
/// cells, with their text, colours and attributes.
///
/// It interprets exactly the sequences reel's renderer may send, so that tests can check that the
/// bytes really produce the canvas (and that the cursor model stays in sync), and it records a
/// problem instead of guessing whenever the bytes would rely on behaviour that differs between
/// terminals: printing with a pending wrap, an unknown sequence, or leaving half of a wide
/// character on screen. The SGR codes the renderer never sends but other writers do (defaults,
/// resets of one attribute, the 16 theme colours) are decoded as xterm does, and still reported,
/// so that a reader of someone else's bytes (``ScreenCells``, over a tmux capture) can ignore
/// ``problems`` and take the screen.
public struct MiniTerminal {
    /// What one cell of the screen shows.
    public struct Screen: Equatable, Sendable {
        /// The character, with any combining marks; `""` for the right half of a wide one.
        public var text: String
        /// The foreground colour, nil for the terminal's default.
        public var fg: RGB?
        /// The background colour, nil for the terminal's default.
        public var bg: RGB?
        /// The attributes in force when it was written.
        public var style: CellStyle
        /// Whether this is the right half of the wide character to its left.
        public var isContinuation = false

        /// Creates a cell.
        public init(text: String, fg: RGB?, bg: RGB?, style: CellStyle, isContinuation: Bool = false) {
            self.text = text
            self.fg = fg
            self.bg = bg
            self.style = style
            self.isContinuation = isContinuation
        }
    }

    /// The number of columns.
    public let width: Int
    /// The number of rows.
    public let height: Int
    /// The cells, row by row (`screen[y * width + x]`); `?` where nothing was written yet.
    public internal(set) var screen: [Screen]
    /// The cursor's column, 0-based.
    public internal(set) var x = 0
    /// The cursor's row, 0-based.
    public internal(set) var y = 0
    /// Whether the last column was just written: where the next character goes differs by terminal.
    public internal(set) var pendingWrap = false
    /// The foreground colour in force.
    public internal(set) var fg: RGB?
    /// The background colour in force.
    public internal(set) var bg: RGB?
    /// The attributes in force.
    public internal(set) var style: CellStyle = []
    /// What the bytes did that a terminal could read another way, or that the renderer never sends.
    public internal(set) var problems: [String] = []
    /// How many synchronized updates (mode 2026) are open.
    public internal(set) var syncDepth = 0
    /// The bytes of a UTF-8 sequence still being read.
    private var utf8: [UInt8] = []

    /// A screen of `width` × `height` unknown cells, the cursor at the top left.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        screen = Array(repeating: Screen(text: "?", fg: nil, bg: nil, style: []), count: width * height)
    }

    /// The cell at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> Screen {
        screen[y * width + x]
    }

    /// Interprets `bytes`.
    public mutating func feed(_ bytes: [UInt8]) {
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
            default: take(b)
            }
            i += 1
        }
    }

    /// Adds a byte of text, and writes the character once its UTF-8 sequence is whole.
    private mutating func take(_ byte: UInt8) {
        utf8.append(byte)
        let scalars = String(decoding: utf8, as: UTF8.self).unicodeScalars
        if scalars.count == 1, let scalar = scalars.first, scalar != "\u{FFFD}" || utf8 == [0xEF, 0xBF, 0xBD] {
            utf8.removeAll()
            put(scalar)
        } else if utf8.count >= 4 {
            problems.append("bad UTF-8")
            utf8.removeAll()
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

    /// The attribute each SGR parameter of the renderer sets.
    private static let attributes: [Int: CellStyle] = [1: .bold, 2: .dim, 3: .italic, 4: .underline, 7: .reverse]
    /// The attributes each SGR parameter that the renderer never sends takes away.
    private static let resets: [Int: CellStyle] = [22: [.bold, .dim], 23: .italic, 24: .underline, 27: .reverse]

    private mutating func sgr(_ p: [Int]) {
        var k = 0
        while k < p.count {
            let code = p[k]
            switch code {
            case 0: fg = nil; bg = nil; style = []
            case 38, 48:
                guard let (color, used) = Self.extendedColor(p[(k + 1)...]) else {
                    problems.append("SGR \(code) cut short")
                    return
                }
                if code == 38 { fg = color } else { bg = color }
                k += used
            default:
                if let attribute = Self.attributes[code] {
                    style.insert(attribute)
                } else {
                    problems.append("SGR \(code)")
                    otherSGR(code)
                }
            }
            k += 1
        }
    }

    /// Decodes, as xterm does, an SGR code that the renderer never sends.
    private mutating func otherSGR(_ code: Int) {
        switch code {
        case 39: fg = nil
        case 49: bg = nil
        case 30...37: fg = Palette256.color(at: UInt8(code - 30))
        case 40...47: bg = Palette256.color(at: UInt8(code - 40))
        case 90...97: fg = Palette256.color(at: UInt8(code - 90 + 8))
        case 100...107: bg = Palette256.color(at: UInt8(code - 100 + 8))
        default: if let reset = Self.resets[code] { style.subtract(reset) }
        }
    }

    /// The colour after a 38 or 48 (`2;r;g;b` or `5;index`), and how many parameters it took.
    private static func extendedColor(_ p: ArraySlice<Int>) -> (RGB, Int)? {
        let s = p.startIndex
        func byte(_ k: Int) -> UInt8 { UInt8(clamping: p[s + k]) }
        if p.count >= 4, p[s] == 2 { return (RGB(byte(1), byte(2), byte(3)), 4) }
        if p.count >= 2, p[s] == 5 { return (Palette256.color(at: byte(1)), 2) }
        return nil
    }
}
