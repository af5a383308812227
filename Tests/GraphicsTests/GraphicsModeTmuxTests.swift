@testable import Drawing
import Testing
@testable import Graphics
@testable import Terminal

@Suite("Graphics mode inside tmux: the terminal behind it, the route, and why cells")
struct GraphicsModeTmuxTests {
    static let cell = PixelSize(width: 9, height: 18)
    static let size = TerminalSize(columns: 60, rows: 30, pixelWidth: 540, pixelHeight: 540)

    /// What the probe found through tmux: `kitty`'s answers, xterm's DA1 with sixel, tmux's own DA1.
    static func found(kitty: Bool = false, shm: Bool = false, sixel: Bool = false, tmuxDA1: [Int] = [1, 2],
                      answered: Bool = true) -> TerminalCapabilities {
        var capabilities = TerminalCapabilities()
        capabilities.answered = answered
        capabilities.kittyGraphics = kitty
        capabilities.kittySharedMemory = shm
        capabilities.sixel = sixel
        capabilities.multiplexerAttributes = tmuxDA1
        return capabilities
    }

    static func view(_ version: String = "3.3a", clients: [String], features: String = "") -> TmuxView? {
        TmuxView(lines: ["reel-pane\t\(version)\t0\t0\t80\t23\ton\tbottom\t0"]
            + clients.map { "C\t0\t80\t24\t@0\ton\tbottom\t1\t/dev/pts/1\t\(features)\t\($0)" })
    }

    static let kittyShm = GraphicsMode.kitty(transport: .sharedMemory, cell: cell, route: .tmuxPassthrough)
    static let kittyDirect = GraphicsMode.kitty(transport: .direct, cell: cell, route: .tmuxPassthrough)
    static let sixelThrough = GraphicsMode.sixel(colors: 255, maxSize: nil, cell: cell, route: .tmuxPassthrough)
    static let sixelNative = GraphicsMode.sixel(colors: 255, maxSize: nil, cell: cell, route: .tmuxNative)

    @Test("auto: kitty through passthrough, sixel through passthrough, tmux's own sixel, else cells", arguments: [
        (found(kitty: true, shm: true), view(clients: ["kitty(0.26.5)"]), kittyShm),
        (found(kitty: true), view(clients: [""]), kittyDirect),
        (found(kitty: true, shm: true), view(clients: ["kitty(0.26.5)", "kitty(0.26.5)"]), kittyDirect),
        (found(kitty: true, shm: true), view(clients: ["kitty(0.26.5)", "XTerm(379)"]), .blocks),
        (found(sixel: true, tmuxDA1: [1, 2, 4]), view("3.5a", clients: ["XTerm(379)"]), sixelThrough),
        (found(sixel: true, tmuxDA1: [1, 2, 4]), view("3.5a", clients: ["XTerm(379)", "XTerm(379)"]), sixelNative),
        (found(), view("3.5a", clients: ["foot(1.16)"], features: "RGB,sixel"), sixelNative),
        (found(sixel: true), view("3.3a", clients: ["XTerm(379)"], features: "RGB,sixel"), sixelThrough),
        (found(sixel: true), view(clients: ["XTerm(379)"]), sixelThrough),
        (found(sixel: true), view(clients: ["XTerm(379)", "XTerm(379)"]), .blocks),
        (found(kitty: true, sixel: true), view("3.2a", clients: ["kitty(0.26.5)"]), .blocks),
        (found(answered: false), view(clients: ["kitty(0.26.5)"]), .blocks),
        (found(kitty: true), nil, .blocks),
        (found(kitty: true, sixel: true), view(clients: ["WezTerm 20240203-110809-5046fc22"]), .iterm2(cell: cell, route: .tmuxPassthrough)),
        (found(sixel: true), view(clients: ["iTerm2 3.5.5"]), .iterm2(cell: cell, route: .tmuxPassthrough)),
        (found(kitty: true, sixel: true), view(clients: ["WezTerm 20240203-110809-5046fc22", "WezTerm 20240203-110809-5046fc22"]), .blocks),
    ] as [(TerminalCapabilities, TmuxView?, GraphicsMode)])
    func auto(capabilities: TerminalCapabilities, view: TmuxView?, expected: GraphicsMode) {
        let choice = GraphicsMode.chooseInTmux(.auto, capabilities: capabilities, size: Self.size, view: view)
        #expect(choice.mode == expected)
        #expect((choice.whyCells != nil) == (expected == .blocks), "cells under auto always say why")
    }

    @Test("kitty's images go behind Unicode placeholders only when every client is a kitty of 0.28 or later", arguments: [
        (GraphicsMode.Preference.auto, ["kitty(0.26.5)"], KittyPlacement.cursor),
        (.auto, ["kitty(0.28.0)"], .placeholders),
        (.auto, ["kitty(0.35.2)", "kitty(0.28.1)"], .placeholders),
        (.auto, ["kitty(0.35.2)", "kitty(0.26.5)"], .cursor),
        (.kitty, ["kitty(0.31.0)"], .placeholders),
        (.kitty, ["XTerm(379)"], .cursor),
        (.sixel, ["kitty(0.31.0)"], .cursor),
    ] as [(GraphicsMode.Preference, [String], KittyPlacement)])
    func placement(preference: GraphicsMode.Preference, clients: [String], expected: KittyPlacement) {
        let choice = GraphicsMode.chooseInTmux(preference, capabilities: Self.found(kitty: true, shm: true),
                                               size: Self.size, view: Self.view(clients: clients))
        #expect(choice.placement == expected)
    }

    @Test("why cells names the reason", arguments: [
        (found(kitty: true), view("3.2a", clients: ["kitty(0.26.5)"]), "tmux 3.2a has no allow-passthrough"),
        (found(sixel: true), view(clients: ["XTerm(379)", "VTE(7600)"]), "not every one of its 2 clients"),
        (found(answered: false), view(clients: ["kitty(0.26.5)"]), "(kitty(0.26.5)) did not answer through passthrough"),
        (found(), view(clients: [""]), "(an unknown terminal) draws neither kitty graphics nor sixel"),
        (found(kitty: true), nil, "tmux did not say"),
        (found(answered: false), view(clients: []), "no client is attached"),
    ] as [(TerminalCapabilities, TmuxView?, String)])
    func whyCells(capabilities: TerminalCapabilities, view: TmuxView?, reason: String) throws {
        let why = try #require(GraphicsMode.chooseInTmux(.auto, capabilities: capabilities, size: Self.size, view: view).whyCells)
        #expect(why.hasPrefix("no pixels through tmux: ") && why.contains(reason), "\(why)")
    }

    @Test("--graphics=kitty|sixel force the protocol, wrapped (or tmux's own sixel); blocks are blocks", arguments: [
        (GraphicsMode.Preference.kitty, found(), view(clients: ["XTerm(379)"]), kittyDirect),
        (.kitty, found(shm: true), nil, kittyShm),
        (.sixel, found(), view(clients: ["kitty(0.26.5)"]), sixelThrough),
        (.sixel, found(tmuxDA1: [1, 2, 4]), nil, sixelNative),
        (.blocks, found(kitty: true), view(clients: ["kitty(0.26.5)"]), .blocks),
    ] as [(GraphicsMode.Preference, TerminalCapabilities, TmuxView?, GraphicsMode)])
    func forced(preference: GraphicsMode.Preference, capabilities: TerminalCapabilities, view: TmuxView?, expected: GraphicsMode) {
        let choice = GraphicsMode.chooseInTmux(preference, capabilities: capabilities, size: Self.size, view: view)
        #expect(choice.mode == expected && choice.whyCells == nil)
    }

    @Test("without a cell size in pixels there are no pixels, and it is said")
    func noCellSize() {
        let choice = GraphicsMode.chooseInTmux(.kitty, capabilities: Self.found(kitty: true),
                                               size: TerminalSize(columns: 60, rows: 30), view: Self.view(clients: ["kitty(0.26.5)"]))
        #expect(choice.mode == .blocks && choice.whyCells?.contains("cell size") == true)
    }

    @Test("the name says how the bytes travel", arguments: [
        (kittyShm, "kitty-shm via tmux passthrough"), (kittyDirect, "kitty-direct via tmux passthrough"),
        (sixelThrough, "sixel via tmux passthrough"), (sixelNative, "sixel via tmux"),
        (.kitty(transport: .sharedMemory, cell: cell), "kitty-shm"), (.blocks, "blocks"),
    ] as [(GraphicsMode, String)])
    func name(mode: GraphicsMode, expected: String) {
        #expect(mode.name == expected)
        #expect(mode.withCell(PixelSize(width: 5, height: 10)).route == mode.route)
    }
}
