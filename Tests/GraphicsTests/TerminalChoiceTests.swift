@testable import Drawing
import Testing
@testable import Graphics
@testable import Terminal

/// The picture `auto` picks in each terminal, from what the terminal answers to the start-up probe
/// (through the input decoder, as the app reads it) and, where it says nothing, its environment.
///
/// The answers of Konsole 22.12.3, mlterm 3.9.3, alacritty 0.11, xfce4-terminal (VTE 0.70) and
/// st 0.9 were recorded here under Xvfb (scripts/benchkit/terminals.py keeps what each said); those
/// of WezTerm, iTerm2, Ghostty, Windows Terminal and VS Code's terminal are the forms their sources
/// and documentation give (no such terminal runs on this machine). kitty's and xterm's recorded
/// answers are ``CapabilityProbeTests``'.
@Suite("Each terminal's answers choose its picture")
struct TerminalChoiceTests {
    /// A terminal's answers (`⎋` for ESC), its environment and what `auto` should pick.
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var answer: String
        var environment: [String: String] = [:]
        var expected: Expected
        var description: String { name }
    }

    /// The kind of mode expected (the cell size and colours are the probe's, checked elsewhere).
    enum Expected: Sendable, Equatable { case kitty, sixel, iterm2, blocks }

    /// The cell and text-area answers (`CSI 6 t`, `CSI 4 t`) that give every case a cell size.
    static let cell = "⎋[6;16;8t⎋[4;480;800t"

    static let cases: [Case] = [
        Case(name: "Konsole 22.12.3: kitty's protocol (not shared memory) before its sixel, as measured (67–71 % of the frames against 30–40 %)",
             answer: "⎋_Gi=7301;EBADF:unsupported transmission medium⎋\\⎋_Gi=7302;OK⎋\\" + cell + "⎋P>|Konsole 22.12.3⎋\\⎋[?62;1;4c",
             expected: .kitty),
        Case(name: "mlterm 3.9.3: no XTVERSION, sixel in DA1; sixel, as measured against iTerm2's images",
             answer: "⎋[?1;0;1024S" + cell + "⎋[?63;1;2;3;4;6;7;15;18;22;29c", environment: ["MLTERM": "3.9.3"], expected: .sixel),
        Case(name: "alacritty 0.11: DA1 6 alone, cells", answer: cell + "⎋[?6c", environment: ["TERM": "alacritty"], expected: .blocks),
        Case(name: "xfce4-terminal (VTE 0.70): no graphics, cells", answer: cell + "⎋[?65;1;9c", expected: .blocks),
        Case(name: "st 0.9: DA1 6 alone, cells", answer: "⎋[?6c", environment: ["TERM": "st-256color"], expected: .blocks),
        Case(name: "WezTerm: answers kitty's query and lists sixel, but iTerm2's images are its best",
             answer: "⎋_Gi=7302;OK⎋\\" + cell + "⎋P>|WezTerm 20240203-110809-5046fc22⎋\\⎋[?65;4;6;18;22c",
             environment: ["TERM_PROGRAM": "WezTerm"], expected: .iterm2),
        Case(name: "iTerm2 3.5: its own images before its sixel", answer: cell + "⎋P>|iTerm2 3.5.5⎋\\⎋[?62;4c", expected: .iterm2),
        Case(name: "iTerm2 that said no name (an older one, or over SSH): LC_TERMINAL, which iTerm2 sends through SSH",
             answer: cell + "⎋[?62;4c", environment: ["LC_TERMINAL": "iTerm2"], expected: .iterm2),
        Case(name: "a terminal that names itself is taken at its word, not TERM_PROGRAM's",
             answer: "⎋_Gi=7302;OK⎋\\" + cell + "⎋P>|ghostty 1.1.3⎋\\⎋[?62;22c", environment: ["TERM_PROGRAM": "WezTerm"], expected: .kitty),
        Case(name: "Ghostty: kitty's protocol", answer: "⎋_Gi=7302;OK⎋\\" + cell + "⎋P>|ghostty 1.1.3⎋\\⎋[?62;22c",
             environment: ["TERM_PROGRAM": "ghostty"], expected: .kitty),
        Case(name: "Windows Terminal 1.22: sixel in DA1", answer: cell + "⎋[?61;4;6;7;14;21;22;23;24;28;32;42c",
             environment: ["WT_SESSION": "1"], expected: .sixel),
        Case(name: "VS Code's terminal with images on: sixel in DA1 (TERM_PROGRAM=vscode changes nothing)",
             answer: cell + "⎋[?62;4;9;22c", environment: ["TERM_PROGRAM": "vscode"], expected: .sixel),
        Case(name: "VS Code's terminal with images off: cells", answer: cell + "⎋[?1;2c", environment: ["TERM_PROGRAM": "vscode"],
             expected: .blocks),
    ]

    @Test("auto picks the terminal's best picture", arguments: cases)
    func auto(_ terminal: Case) {
        let (probe, others) = CapabilityProbeTests.probe(terminal.answer)
        #expect(others.isEmpty, "no answer becomes a key")
        let size = TerminalSize(columns: 100, rows: 30, pixelWidth: 800, pixelHeight: 480)
        let mode = GraphicsMode.choose(.auto, capabilities: probe.capabilities, size: size, environment: terminal.environment)
        let kind: Expected = switch mode {
        case .kitty: .kitty
        case .sixel: .sixel
        case .iterm2: .iterm2
        case .blocks: .blocks
        }
        #expect(kind == terminal.expected, "\(terminal.name): \(mode)")
    }
}
