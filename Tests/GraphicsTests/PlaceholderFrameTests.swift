import Drawing
import Testing
@testable import Graphics
@testable import Terminal
import TestTerminal

/// `bytes` without their APC sequences (`ESC _ … ESC \`): what a terminal shows as text.
func withoutAPC(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var i = 0
    while i < bytes.count {
        if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == 0x5F {
            i += 2
            while i + 1 < bytes.count, !(bytes[i] == 0x1B && bytes[i + 1] == 0x5C) { i += 1 }
            i += 2
        } else {
            out.append(bytes[i])
            i += 1
        }
    }
    return out
}

@Suite("kitty placeholders in frames")
struct PlaceholderFrameTests {
    static let cell = PixelSize(width: 4, height: 8)
    /// The tag of the tests' ids: image ids are 0x0A00 + slot.
    static let tag: UInt32 = 0x0A
    /// The first id of a frame renderer (its tag is the process's).
    static func firstID(_ frames: FrameRenderer) -> UInt32 { frames.graphics?.placeholderID(slot: 0) ?? 0 }

    /// A canvas of `width` × `height` with a picture of `colour` over `rect`.
    static func canvas(width: Int = 6, height: Int = 4, rect: Rect, colour: RGB) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        canvas.placeImage(PixelBuffer(width: rect.width * cell.width, height: rect.height * cell.height, fill: colour),
                          at: rect, cellWidth: cell.width, cellHeight: cell.height)
        return canvas
    }

    static func renderer(_ transport: GraphicsMode.KittyTransport) -> FrameRenderer {
        FrameRenderer(graphics: .kitty(transport: transport, cell: cell), kittyPlacement: .placeholders)
    }

    /// The screen that `bytes` leave, and what each of its rows shows of the images.
    static func decode(_ bytes: [UInt8], width: Int = 6, height: Int = 4)
        -> (terminal: MiniTerminal, images: [[(id: UInt32, row: Int, column: Int)?]]) {
        var terminal = MiniTerminal(width: width, height: height)
        terminal.feed(withoutAPC(bytes))
        let rows = (0..<height).map { y in
            resolvedPlaceholders((0..<width).map { x in
                let shown = terminal.screen[y * width + x]
                return (shown.text, shown.fg)
            })
        }
        return (terminal, rows)
    }

    @Test("a 3x2 picture's cells: the marks on each row's first cell, bare characters after, in the id's colour")
    func threeByTwo() throws {
        let renderer = GraphicsRenderer(mode: .kitty(transport: .direct, cell: Self.cell), placement: .placeholders,
                                        placeholderTag: Self.tag)
        let canvas = renderer.cellCanvas(for: Self.canvas(width: 3, height: 2, rect: Rect(x: 0, y: 0, width: 3, height: 2),
                                                          colour: RGB(0, 90, 0)))
        for y in 0..<2 {
            let id: UInt32 = 0x0A00
            #expect(canvas.text(of: canvas[0, y]) == KittyPlaceholders.text(row: y, column: 0, id: id))
            #expect(canvas.text(of: canvas[1, y]) == "\u{10EEEE}" && canvas.text(of: canvas[2, y]) == "\u{10EEEE}")
            for x in 0..<3 {
                #expect(canvas[x, y].fg == RGB(0, 0x0A, 0) && canvas[x, y].style == .seeThrough)
            }
        }
        var frames = Self.renderer(.direct)
        var out: [UInt8] = []
        frames.render(Self.canvas(width: 3, height: 2, rect: Rect(x: 0, y: 0, width: 3, height: 2), colour: RGB(0, 90, 0)),
                      now: 0, into: &out)
        let id = Self.firstID(frames)
        // One colour for the image, each row's marks on its first cell, and no cursor moves within a row.
        let c = KittyPlaceholders.colour(id: id)
        #expect(show(withoutAPC(out)) == "⎋[?2026h⎋[0m⎋[H⎋[2J⎋[38;2;\(c.r);\(c.g);\(c.b)m"
            + "\u{10EEEE}\u{0305}\u{0305}\u{10EEEE}\u{10EEEE}\r\n\u{10EEEE}\u{030D}\u{0305}\u{10EEEE}\u{10EEEE}⎋[?2026l")
        let decoded = Self.decode(out, width: 3, height: 2)
        #expect(decoded.terminal.problems.filter { $0 != "SGR 49" }.isEmpty, "\(decoded.terminal.problems)")
        for y in 0..<2 {
            #expect(decoded.images[y].map { $0?.id } == [id, id, id])
            #expect(decoded.images[y].map { $0?.row } == [y, y, y] && decoded.images[y].map { $0?.column } == [0, 1, 2])
        }
        let keys = kittyCommands(out).map(\.keys)
        #expect(keys == ["a=T,f=24,s=12,v=16,i=\(id),U=1,c=3,r=2,t=d,o=z"])
    }

    @Test("controls over the picture are text cells; the placeholder after them carries its marks again")
    func controlsOver() throws {
        var canvas = Self.canvas(rect: Rect(x: 0, y: 0, width: 6, height: 3), colour: RGB(40, 40, 160))
        canvas.drawText("ab", x: 2, y: 1, fg: .white, bg: RGB(20, 20, 20))
        canvas.drawText("c", x: 5, y: 0, fg: .white)
        canvas.drawText("status", x: 0, y: 3, fg: .white, bg: .black)
        var frames = Self.renderer(.sharedMemory)
        var out: [UInt8] = []
        frames.render(canvas, now: 0, into: &out)
        let decoded = Self.decode(out)
        #expect(decoded.terminal.problems.filter { $0 != "SGR 49" }.isEmpty, "\(decoded.terminal.problems)")
        let id = Self.firstID(frames)
        let screen = decoded.terminal.screen
        #expect(screen[6 + 2].text == "a" && screen[6 + 3].text == "b" && screen[6 + 2].bg == RGB(20, 20, 20))
        #expect(screen[5].text == "c" && screen[5].bg == RGB(40, 40, 160), "text on the picture, on the colour under it")
        #expect(screen[6 + 4].text == KittyPlaceholders.text(row: 1, column: 4, id: id))
        for y in 0..<3 {
            for x in 0..<6 where !(y == 1 && (2...3).contains(x)) && !(y == 0 && x == 5) {
                let shown = try #require(decoded.images[y][x], "cell \(x), \(y)")
                #expect(shown.id == id && shown.row == y && shown.column == x)
            }
        }
        #expect(decoded.images[3].allSatisfy { $0 == nil })
        #expect(kittyCommands(out).map(\.keys).first?.hasPrefix("a=T,f=24,s=24,v=24,i=\(id),U=1,c=6,r=3,t=") == true)
        // The controls go: the cells under them are placeholders again, and nothing else is written.
        frames.receive(.kittyGraphics(image: Int(id), placement: nil, message: "OK"))
        var plain = Self.canvas(rect: Rect(x: 0, y: 0, width: 6, height: 3), colour: RGB(40, 40, 160))
        plain.drawText("status", x: 0, y: 3, fg: .white, bg: .black)
        var next: [UInt8] = []
        frames.render(plain, now: 1, into: &next)
        #expect(kittyCommands(next).isEmpty, "the picture did not change")
        var terminal = decoded.terminal
        terminal.feed(withoutAPC(next))
        #expect(frames.cells.lastFrameCellsWritten == 4, "a, b, the cell after them, and c: \(show(next))")
        let rows = (0..<3).map { y in resolvedPlaceholders((0..<6).map { (terminal.screen[y * 6 + $0].text, terminal.screen[y * 6 + $0].fg) }) }
        #expect(rows.allSatisfy { $0.enumerated().allSatisfy { $0.element?.column == $0.offset } })
        frames.graphics?.releaseSharedMemory()
    }

    @Test("through shared memory a new frame goes under the same id and writes no cells")
    func sameID() {
        var frames = Self.renderer(.sharedMemory)
        var out: [UInt8] = []
        let rect = Rect(x: 0, y: 0, width: 6, height: 4)
        frames.render(Self.canvas(rect: rect, colour: RGB(10, 10, 10)), now: 0, into: &out)
        let id = Self.firstID(frames)
        frames.receive(.kittyGraphics(image: Int(id), placement: nil, message: "OK"))
        frames.render(Self.canvas(rect: rect, colour: RGB(200, 10, 10)), now: 1, into: &out)
        #expect(kittyCommands(out).map { $0.keys.hasPrefix("a=T,f=24,s=24,v=32,i=\(id),U=1,c=6,r=4,t=") } == [true])
        #expect(frames.cells.lastFrameCellsWritten == 0)
        frames.graphics?.releaseSharedMemory()
    }

    @Test("with direct data a new frame takes the next id, the cells change colour, and the old image goes a frame later")
    func nextID() {
        var frames = Self.renderer(.direct)
        var out: [UInt8] = []
        var terminal = MiniTerminal(width: 6, height: 4)
        let rect = Rect(x: 0, y: 0, width: 6, height: 4)
        frames.render(Self.canvas(rect: rect, colour: RGB(10, 10, 10)), now: 0, into: &out)
        terminal.feed(withoutAPC(out))
        let id = Self.firstID(frames)
        frames.receive(.kittyGraphics(image: Int(id), placement: nil, message: "OK"))
        frames.render(Self.canvas(rect: rect, colour: RGB(200, 10, 10)), now: 1, into: &out)
        terminal.feed(withoutAPC(out))
        #expect(kittyCommands(out).map { $0.keys.hasPrefix("a=T,f=24,s=24,v=32,i=\(id + 1),U=1,c=6,r=4,t=d") } == [true])
        #expect(frames.cells.lastFrameCellsWritten == 24)
        let rows = (0..<4).map { y in resolvedPlaceholders((0..<6).map { (terminal.screen[y * 6 + $0].text, terminal.screen[y * 6 + $0].fg) }) }
        #expect(rows.allSatisfy { $0.enumerated().allSatisfy { $0.element?.id == id + 1 && $0.element?.column == $0.offset } })
        frames.receive(.kittyGraphics(image: Int(id + 1), placement: nil, message: "OK"))
        frames.render(Self.canvas(rect: rect, colour: RGB(200, 10, 10)), now: 2, into: &out)
        #expect(kittyCommands(out).map(\.keys) == ["a=d,d=I,i=\(id),q=2"])
    }

    @Test("after the screen is cleared the picture takes a new id, in its cells and its transmission, and the old one goes")
    func afterClear() {
        var frames = Self.renderer(.sharedMemory)
        var out: [UInt8] = []
        let canvas = Self.canvas(rect: Rect(x: 0, y: 0, width: 6, height: 4), colour: RGB(10, 10, 10))
        frames.render(canvas, now: 0, into: &out)
        let id = Self.firstID(frames)
        frames.receive(.kittyGraphics(image: Int(id), placement: nil, message: "OK"))
        frames.invalidate()
        frames.render(canvas, now: 1, into: &out)
        let keys = kittyCommands(out).map(\.keys)
        #expect(keys.first == "a=d,d=I,i=\(id),q=2")
        #expect(keys.dropFirst().first?.hasPrefix("a=T,f=24,s=24,v=32,i=\(id + 1),U=1,") == true, "\(keys)")
        let shown = Self.decode(out).images
        #expect(shown.allSatisfy { $0.allSatisfy { $0?.id == id + 1 } })
        frames.graphics?.releaseSharedMemory()
    }

    @Test("placeholder cells are written in truecolor even when the palette was asked for")
    func truecolorIDs() {
        var frames = FrameRenderer(colorMode: .palette256, graphics: .kitty(transport: .direct, cell: Self.cell),
                                   kittyPlacement: .placeholders)
        #expect(frames.cells.colorMode == .truecolor)
        #expect(FrameRenderer(colorMode: .palette256, graphics: .kitty(transport: .direct, cell: Self.cell)).cells.colorMode
            == .palette256)
        var out: [UInt8] = []
        frames.render(Self.canvas(rect: Rect(x: 0, y: 0, width: 6, height: 4), colour: RGB(10, 10, 10)), now: 0, into: &out)
        #expect(Self.decode(out).images.allSatisfy { $0.allSatisfy { $0?.id == Self.firstID(frames) } })
    }

    @Test("the way out deletes every id the placeholders may use; a placement at the cursor deletes all")
    func restore() {
        let renderer = GraphicsRenderer(mode: .kitty(transport: .direct, cell: Self.cell), placement: .placeholders,
                                        placeholderTag: Self.tag)
        let keys = kittyCommands(renderer.restoreSequence).map(\.keys)
        #expect(keys.count == Int(GraphicsRenderer.placeholderSlots))
        #expect(keys.first == "a=d,d=I,i=2560,q=2" && keys.last == "a=d,d=I,i=\(0x0A00 + 63),q=2")
        let cursor = GraphicsRenderer(mode: .kitty(transport: .direct, cell: Self.cell))
        #expect(kittyCommands(cursor.restoreSequence).map(\.keys) == ["a=d,d=A,q=2"])
        #expect(GraphicsRenderer.placeholderTag(processID: 0) == 1 && GraphicsRenderer.placeholderTag(processID: 65_534) == 0xFFFF)
        #expect(GraphicsRenderer.placeholderTag(processID: 65_535) == 1)
    }
}

#if canImport(Glibc)
import Glibc

/// What a real tmux makes of placeholder cells.
@Suite("kitty placeholders in tmux")
struct PlaceholderTmuxTests {
    /// Runs `command` in a shell; its standard output.
    static func output(_ command: String) -> String {
        guard let pipe = popen(command, "r") else { return "" }
        defer { pclose(pipe) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, pipe)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("tmux keeps the cells as reel writes them: the marks, the id's colour, and one column each")
    func tmuxKeepsCells() throws {
        try #require(access("/usr/bin/tmux", X_OK) == 0, "tmux is installed by scripts/setup")
        var canvas = PlaceholderFrameTests.canvas(rect: Rect(x: 0, y: 0, width: 6, height: 3), colour: RGB(40, 40, 160))
        canvas.drawText("ab", x: 2, y: 1, fg: .white, bg: RGB(20, 20, 20))
        var frames = PlaceholderFrameTests.renderer(.direct)
        var out: [UInt8] = []
        frames.render(canvas, now: 0, into: &out)
        let id = PlaceholderFrameTests.firstID(frames)
        let path = "/tmp/reel-placeholders-\(getpid())"
        let file = fopen(path, "w")
        let cells = withoutAPC(out)
        fwrite(cells, 1, cells.count, file)
        fclose(file)
        let socket = "reel-placeholders-\(getpid())"
        defer {
            _ = Self.output("tmux -L \(socket) kill-server 2>/dev/null")
            unlink(path)
        }
        _ = Self.output("tmux -L \(socket) -f /dev/null new-session -d -x 6 -y 4 'cat \(path); exec sleep 60'")
        var capture = ""
        for _ in 0..<200 where !capture.contains("\u{10EEEE}") {
            usleep(50_000)
            capture = Self.output("tmux -L \(socket) capture-pane -p -e -N")
        }
        #expect(capture.contains("\u{10EEEE}"), "tmux never showed the cells")
        let screen = ScreenCells(capture)
        for y in 0..<3 {
            let row = resolvedPlaceholders((0..<6).map { x in
                let cell = screen[x, y]
                return (cell?.text ?? "", cell?.fg.map { RGB(UInt8($0.0), UInt8($0.1), UInt8($0.2)) })
            })
            for x in 0..<6 {
                if y == 1 && (2...3).contains(x) {
                    #expect(row[x] == nil && screen[x, y]?.text == (x == 2 ? "a" : "b"))
                } else {
                    #expect(row[x]?.id == id && row[x]?.row == y && row[x]?.column == x, "cell \(x), \(y) in \(capture)")
                }
            }
        }
    }
}
#endif
