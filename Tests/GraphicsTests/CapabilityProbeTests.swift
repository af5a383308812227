@testable import Drawing
import Testing
@testable import Graphics
@testable import Terminal
import TestTerminal

/// The start-up probe fed what real terminals answered to ``CapabilityProbe/query(sharedMemoryName:)``
/// (recorded under Xvfb: kitty 0.26.5, xterm 379 started with `-ti vt340`, tmux 3.3a; the XTVERSION
/// answers recorded on their own, byte for byte, and placed where they come, before DA1), through
/// the input decoder as the app reads them.
@Suite("Capability probe")
struct CapabilityProbeTests {
    /// kitty: both image queries OK, the text area and the cell in pixels, 2026 known, its
    /// version, DA1 last.
    static let kittyAnswer = "⎋_Gi=7301;OK⎋\\⎋_Gi=7302;OK⎋\\⎋[6;18;9t⎋[4;450;792t⎋[?2026;2$y⎋P>|kitty(0.26.5)⎋\\⎋[?62;c"
    /// kitty on another machine: it cannot open the shared-memory object.
    static let remoteKittyAnswer = "⎋_Gi=7301;ENOENT:Failed to open shared memory object: /reel-12-1: No such file or directory⎋\\"
        + "⎋_Gi=7302;OK⎋\\⎋[6;18;9t⎋[4;450;792t⎋[?2026;2$y⎋[?62;c"
    /// xterm -ti vt340: XTSMGRAPHICS (registers in use and at most, the largest image), no
    /// window reports (disallowed by default), no 2026, its version, sixel (4) in DA1.
    static let xtermAnswer = "⎋[?1;0;1024S⎋[?1;0;1024S⎋[?2;0;1000;1000S⎋[?2026;0$y⎋P>|XTerm(379)⎋\\"
        + "⎋[?63;1;2;4;6;9;15;16;22;28c"
    /// tmux: its own version and its own DA1.
    static let tmuxAnswer = "⎋P>|tmux 3.3a⎋\\⎋[?1;2c"

    /// Decodes `text` (with `⎋` for ESC) whole and feeds its replies to a probe; returns the probe
    /// and whatever else came out.
    static func probe(_ text: String, split: Int? = nil) -> (CapabilityProbe, [InputEvent]) {
        var decoder = InputDecoder()
        var probe = CapabilityProbe()
        var others: [InputEvent] = []
        let bytes = esc(text)
        let pieces: [ArraySlice<UInt8>] = split.map { n in stride(from: 0, to: bytes.count, by: n).map { bytes[$0..<min($0 + n, bytes.count)] } } ?? [bytes[...]]
        for piece in pieces {
            for event in decoder.feed(piece, now: 0) {
                if case .reply(let reply) = event { probe.receive(reply) } else { others.append(event) }
            }
        }
        for event in decoder.flush(now: 10) {
            if case .reply(let reply) = event { probe.receive(reply) } else { others.append(event) }
        }
        return (probe, others)
    }

    @Test("kitty: graphics through shared memory, the cell from CSI 16 t, synchronized output")
    func kitty() {
        let (probe, others) = Self.probe(Self.kittyAnswer)
        #expect(others.isEmpty, "no reply becomes a key")
        #expect(probe.isComplete)
        let found = probe.capabilities
        #expect(found.answered && found.kittyGraphics && found.kittySharedMemory && !found.sixel)
        #expect(found.cellSize == PixelSize(width: 9, height: 18))
        #expect(found.textAreaSize == PixelSize(width: 792, height: 450))
        #expect(found.synchronizedOutput == true)
        let size = TerminalSize(columns: 88, rows: 25, pixelWidth: 792, pixelHeight: 450)
        #expect(GraphicsMode.choose(.auto, capabilities: found, size: size, environment: ["TERM": "xterm-kitty"])
            == .kitty(transport: .sharedMemory, cell: PixelSize(width: 9, height: 18)))
    }

    @Test("kitty elsewhere: the shared-memory query fails, so frames go compressed in the escape codes")
    func remoteKitty() {
        let (probe, others) = Self.probe(Self.remoteKittyAnswer)
        #expect(others.isEmpty)
        #expect(probe.capabilities.kittyGraphics && !probe.capabilities.kittySharedMemory)
        let size = TerminalSize(columns: 88, rows: 25)
        #expect(GraphicsMode.choose(.auto, capabilities: probe.capabilities, size: size, environment: [:])
            == .kitty(transport: .direct, cell: PixelSize(width: 9, height: 18)))
    }

    @Test("xterm -ti vt340: sixel with 255 of its 1024 registers; the cell from TIOCGWINSZ, whose width counts the border")
    func xterm() {
        let (probe, others) = Self.probe(Self.xtermAnswer)
        #expect(others.isEmpty)
        let found = probe.capabilities
        #expect(found.sixel && !found.kittyGraphics && found.cellSize == nil)
        #expect(found.colorRegisters == 1024 && found.maxColorRegisters == 1024)
        #expect(found.sixelMaxSize == PixelSize(width: 1000, height: 1000))
        #expect(found.synchronizedOutput == false)
        #expect(found.deviceAttributes == [63, 1, 2, 4, 6, 9, 15, 16, 22, 28])
        // xterm's TIOCGWINSZ is its text area plus a 2-pixel border on each side.
        let size = TerminalSize(columns: 100, rows: 30, pixelWidth: 604, pixelHeight: 394)
        #expect(GraphicsMode.choose(.auto, capabilities: found, size: size, environment: ["TERM": "xterm"])
            == .sixel(colors: 255, maxSize: PixelSize(width: 1000, height: 1000), cell: PixelSize(width: 6, height: 13)))
    }

    @Test("tmux: no graphics of its own, and auto is blocks inside it whatever the terminal outside says")
    func tmux() {
        let (probe, _) = Self.probe(Self.tmuxAnswer)
        #expect(probe.isComplete && !probe.capabilities.sixel && !probe.capabilities.kittyGraphics)
        let size = TerminalSize(columns: 100, rows: 30, pixelWidth: 1600, pixelHeight: 960)
        #expect(GraphicsMode.choose(.auto, capabilities: probe.capabilities, size: size, environment: ["TMUX": "/tmp/x,1,0"]) == .blocks)
        let kitty = Self.probe(Self.kittyAnswer).0.capabilities
        for environment in [["TMUX": "/tmp/x,1,0"], ["STY": "1.pts-0"], ["TERM": "screen-256color"], ["TERM": "tmux-256color"]] {
            #expect(GraphicsMode.choose(.auto, capabilities: kitty, size: size, environment: environment) == .blocks)
        }
        #expect(GraphicsMode.choose(.kitty, capabilities: kitty, size: size, environment: ["TMUX": "x"]) != .blocks,
                "asked for by name, kitty's protocol is used anyway")
    }

    @Test("a terminal that never answers: nothing known, and blocks")
    func silent() {
        let (probe, others) = Self.probe("")
        #expect(!probe.isComplete && !probe.capabilities.answered && others.isEmpty)
        #expect(GraphicsMode.choose(.auto, capabilities: probe.capabilities, size: TerminalSize(columns: 80, rows: 24),
                                    environment: [:]) == .blocks)
        #expect(GraphicsMode.choose(.kitty, capabilities: probe.capabilities, size: TerminalSize(columns: 80, rows: 24),
                                    environment: [:]) == .blocks, "no cell size in pixels: no pixels")
        #expect(GraphicsMode.choose(.sixel, capabilities: probe.capabilities,
                                    size: TerminalSize(columns: 80, rows: 24, pixelWidth: 640, pixelHeight: 384), environment: [:])
            == .sixel(colors: 255, maxSize: nil, cell: PixelSize(width: 8, height: 16)))
    }

    @Test("replies decode the same split at every byte", arguments: [kittyAnswer, remoteKittyAnswer, xtermAnswer, tmuxAnswer])
    func splitInvariance(_ text: String) {
        let (whole, _) = Self.probe(text)
        for n in [1, 2, 3, 7] {
            let (split, others) = Self.probe(text, split: n)
            #expect(split.capabilities == whole.capabilities && others.isEmpty, "pieces of \(n)")
        }
    }

    @Test("XTVERSION's answer is kept as the terminal sent it", arguments: [
        (kittyAnswer, "kitty(0.26.5)"), (xtermAnswer, "XTerm(379)"), (tmuxAnswer, "tmux 3.3a"),
        ("⎋[?2026;2$y⎋[?62;c", nil),
    ] as [(String, String?)])
    func terminalVersion(answer: String, expected: String?) {
        let (probe, others) = Self.probe(answer)
        #expect(others.isEmpty && probe.isComplete)
        #expect(probe.capabilities.terminalVersion == expected)
    }

    @Test("a terminal that answers the status report before DA1 is paced; one that does not, is not")
    func status() {
        #expect(Self.probe("⎋[0n⎋[?62;c").0.capabilities.answersStatus)
        #expect(!Self.probe(Self.kittyAnswer).0.capabilities.answersStatus)
        let (probe, others) = Self.probe("⎋[?2026;2$y⎋[0n⎋[?62;c")
        #expect(probe.isComplete && others.isEmpty)
    }

    @Test("replies among keys: the keys stay keys, the replies never are")
    func amongKeys() {
        let (probe, others) = Self.probe("a" + Self.kittyAnswer + "⎋[Aq")
        #expect(probe.capabilities.kittyGraphics)
        #expect(others == [.key(KeyEvent(.character("a"))), .key(KeyEvent(.up)), .key(KeyEvent(.character("q")))])
    }

    @Test("the query asks kitty, XTSMGRAPHICS, the pixel sizes, 2026, XTVERSION and a status report, and DA1 last")
    func query() {
        let text = show(CapabilityProbe.query(sharedMemoryName: "/reel-1-1"))
        #expect(text.hasPrefix("⎋_Ga=q,i=7301,s=1,v=1,f=24,t=s,S=3;L3JlZWwtMS0x⎋\\⎋_Ga=q,i=7302,s=1,v=1,f=24,t=d;AAAA⎋\\"))
        #expect(text.hasSuffix("⎋[?1;1;0S⎋[?1;4;0S⎋[?2;4;0S⎋[16t⎋[14t⎋[?2026$p⎋[>q⎋[5n⎋[c"))
        #expect(!show(CapabilityProbe.query(sharedMemoryName: nil)).contains("t=s"))
    }
}
