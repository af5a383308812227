import Drawing
import Testing
@testable import Graphics
@testable import Terminal
import TestTerminal

/// What a row of placeholder cells shows, as the spec's rules read it (the tests' own reading,
/// to check the encoder against): for each cell, the image id and the image cell (row, column)
/// it shows, or nil. `cells` are each cell's text and foreground colour.
func resolvedPlaceholders(_ cells: [(text: String, fg: RGB?)]) -> [(id: UInt32, row: Int, column: Int)?] {
    var result: [(id: UInt32, row: Int, column: Int)?] = []
    var previous: (id: UInt32, row: Int, column: Int, high: Int)?
    for cell in cells {
        let scalars = Array(cell.text.unicodeScalars)
        guard scalars.first == KittyPlaceholders.character, let fg = cell.fg else {
            result.append(nil)
            previous = nil
            continue
        }
        let marks = scalars.dropFirst().map { KittyPlaceholders.number(of: $0) }
        let low = KittyPlaceholders.id(of: fg)
        let row = marks.count > 0 ? marks[0] : nil, column = marks.count > 1 ? marks[1] : nil
        let high = marks.count > 2 ? marks[2] : nil
        // A run goes on while the colour is the same and every mark given agrees with the cell to the left.
        if let p = previous, p.id & 0xFF_FFFF == low, row == nil || row == p.row, column == nil || column == p.column + 1,
           high == nil || high == p.high {
            previous = (p.id, p.row, p.column + 1, p.high)
        } else {
            let h = high ?? 0
            previous = (low | UInt32(h) << 24, row ?? 0, column ?? 0, h)
        }
        result.append(previous.map { ($0.id, $0.row, $0.column) })
    }
    return result
}

@Suite("kitty Unicode placeholders")
struct KittyPlaceholdersTests {
    /// The escape character, for the spec's examples written as `printf` gives them.
    static let esc = "\u{1B}"

    @Test("the marks are kitty's 297, in order: 0 is U+0305, 1 U+030D, 2 U+030E, 255 U+A8E5, 296 U+1D244", arguments: [
        (0, 0x0305), (1, 0x030D), (2, 0x030E), (3, 0x0310), (255, 0xA8E5), (256, 0xA8E6), (296, 0x1D244),
    ] as [(Int, UInt32)])
    func marks(number: Int, scalar: UInt32) {
        #expect(KittyPlaceholders.diacritic(number)?.value == scalar)
        #expect(KittyPlaceholders.number(of: Unicode.Scalar(scalar)!) == number)
    }

    @Test("the list is 297 combining marks of no width, strictly increasing, and nothing lies past its ends")
    func markList() {
        #expect(KittyPlaceholders.diacritics.count == 297)
        #expect(zip(KittyPlaceholders.diacritics, KittyPlaceholders.diacritics.dropFirst()).allSatisfy { $0 < $1 })
        #expect(KittyPlaceholders.diacritics.allSatisfy { TextWidth.of(Unicode.Scalar($0)!) == 0 })
        #expect(KittyPlaceholders.diacritic(297) == nil && KittyPlaceholders.diacritic(-1) == nil)
        #expect(KittyPlaceholders.number(of: "\u{0300}") == nil && KittyPlaceholders.number(of: "a") == nil)
        #expect(TextWidth.of(KittyPlaceholders.character) == 1)
    }

    @Test("the spec's 2x2 placeholder for image 42, every mark given")
    func specTwoByTwo() {
        let e = Self.esc
        for (row, expected) in [(0, "\(e)[38;5;42m\u{10EEEE}\u{0305}\u{0305}\u{10EEEE}\u{0305}\u{030D}"),
                                (1, "\(e)[38;5;42m\u{10EEEE}\u{030D}\u{0305}\u{10EEEE}\u{030D}\u{030D}")] {
            let text = (0..<2).compactMap { KittyPlaceholders.text(row: row, column: $0, id: 42) }.joined()
            #expect(String(decoding: KittyPlaceholders.foreground(id: 42), as: UTF8.self) + text == expected)
        }
    }

    @Test("the spec's image 33554474 (42 + 2 << 24): the third mark carries the high byte")
    func specHighByte() {
        let e = Self.esc
        let id: UInt32 = 33_554_474
        let row0 = (0..<2).compactMap { KittyPlaceholders.text(row: 0, column: $0, id: id) }.joined()
        #expect(String(decoding: KittyPlaceholders.foreground(id: id), as: UTF8.self) + row0
            == "\(e)[38;5;42m\u{10EEEE}\u{0305}\u{0305}\u{030E}\u{10EEEE}\u{0305}\u{030D}\u{030E}")
        let resolved = resolvedPlaceholders([("\u{10EEEE}\u{0305}\u{030D}\u{030E}", RGB(0, 0, 42))])
        #expect(resolved.first??.id == id && resolved.first??.column == 1)
    }

    @Test("the spec's 2x3 placeholder: the first column's row mark only, then bare characters")
    func specInherited() throws {
        for row in 0..<2 {
            let text = try #require(KittyPlaceholders.text(row: row, column: 0, id: 42, inherit: .column))
                + (1..<3).compactMap { KittyPlaceholders.text(row: row, column: $0, id: 42, inherit: .everything) }.joined()
            #expect(text == "\u{10EEEE}\(row == 0 ? "\u{0305}" : "\u{030D}")\u{10EEEE}\u{10EEEE}")
            let cells = text.unicodeScalars.split(separator: KittyPlaceholders.character, omittingEmptySubsequences: false)
                .dropFirst().map { (text: "\u{10EEEE}" + String(String.UnicodeScalarView($0)), fg: Optional(RGB(0, 0, 42))) }
            let resolved = resolvedPlaceholders(cells)
            #expect(resolved.map { $0?.row } == [row, row, row] && resolved.map { $0?.column } == [0, 1, 2])
        }
    }

    @Test("a mark beyond the list gives no text; a bare cell needs none")
    func beyondTheList() {
        #expect(KittyPlaceholders.text(row: 297, column: 0, id: 1) == nil)
        #expect(KittyPlaceholders.text(row: 0, column: 400, id: 1) == nil)
        #expect(KittyPlaceholders.text(row: 400, column: 400, id: 1, inherit: .everything) == "\u{10EEEE}")
    }

    @Test("the id's low 24 bits are the foreground: 256-colour below 256, else 24-bit, red most significant", arguments: [
        (UInt32(1), "38;5;1", RGB(0, 0, 1)), (255, "38;5;255", RGB(0, 0, 255)), (256, "38;2;0;1;0", RGB(0, 1, 0)),
        (0x12_3456, "38;2;18;52;86", RGB(0x12, 0x34, 0x56)), (0x0301_2345, "38;2;1;35;69", RGB(1, 0x23, 0x45)),
    ])
    func idColour(id: UInt32, sgr: String, colour: RGB) {
        #expect(String(decoding: KittyPlaceholders.foreground(id: id), as: UTF8.self) == "\u{1B}[\(sgr)m")
        #expect(KittyPlaceholders.colour(id: id) == colour)
        #expect(KittyPlaceholders.id(of: colour) == id & 0xFF_FFFF)
    }

    @Test("the virtual placement, on its own and with the transmission")
    func placementBytes() {
        #expect(show(KittyPlaceholders.virtualPlacement(id: 42, columns: 3, rows: 2)) == "⎋_Ga=p,U=1,i=42,c=3,r=2,q=2⎋\\")
        #expect(KittyPlaceholders.transmitKeys(id: 7, format: .rgb, width: 12, height: 24, columns: 3, rows: 2)
            == "a=T,f=24,s=12,v=24,i=7,U=1,c=3,r=2")
    }

    @Test("placeholders only on a kitty that says 0.28.0 or later", arguments: [
        ("kitty(0.26.5)", false), ("kitty(0.27.1)", false), ("kitty(0.28.0)", true), ("kitty(0.28)", true),
        ("kitty(0.35)", true), ("kitty(1.0.0)", true), ("kitty", false), ("XTerm(379)", false), ("tmux 3.3a", false),
        ("WezTerm 20230712-072601-f4abf8fd", false), ("", false),
    ])
    func versionRule(answer: String, supported: Bool) {
        #expect(KittyPlaceholders.isSupported(versionText: answer) == supported)
        #expect(KittyPlaceholders.isSupported(version: TerminalVersion(answer)) == supported)
    }

    @Test("behind tmux, placeholders only when every client's terminal draws them", arguments: [
        ([], false), (["kitty(0.28.0)"], true), (["kitty(0.35.2)", "kitty(0.28.1)"], true),
        (["kitty(0.35.2)", "kitty(0.26.5)"], false), (["kitty(0.35.2)", ""], false), (["XTerm(379)"], false),
    ] as [([String], Bool)])
    func clients(types: [String], supported: Bool) {
        #expect(KittyPlaceholders.isSupported(byClients: types) == supported)
    }

    @Test("no version, no placeholders")
    func unknownVersion() {
        #expect(!KittyPlaceholders.isSupported(version: nil) && !KittyPlaceholders.isSupported(versionText: nil))
    }
}
