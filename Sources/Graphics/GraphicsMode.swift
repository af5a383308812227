import Drawing
import Terminal

/// How reel draws pictures on this terminal.
public enum GraphicsMode: Sendable, Hashable {
    /// Cells: half or quadrant blocks, everywhere.
    case blocks
    /// kitty's graphics protocol, with the frames' pixels going by `transport`, on cells of `cell`
    /// pixels, its commands travelling by `route`.
    case kitty(transport: KittyTransport, cell: PixelSize, route: Route = .direct)
    /// Sixel images of at most `colors` colours (and `maxSize` pixels, when the terminal said),
    /// on cells of `cell` pixels, travelling by `route`.
    case sixel(colors: Int, maxSize: PixelSize?, cell: PixelSize, route: Route = .direct)
    /// iTerm2's inline images (`OSC 1337 ; File=`), each a PNG stretched over its cells, on cells
    /// of `cell` pixels, travelling by `route` (never ``Route/tmuxNative``: tmux does not draw them).
    case iterm2(cell: PixelSize, route: Route = .direct)

    /// How the image sequences reach the terminal that draws them.
    public enum Route: Sendable, Hashable {
        /// Written to the terminal as they are: reel's tty is the terminal's.
        case direct
        /// Inside tmux, each wrapped in tmux's passthrough (``TmuxPassthrough``) and placed from
        /// the pane's origin in the client's terminal.
        case tmuxPassthrough
        /// Inside a tmux that draws sixel itself (3.4 and later, built with it): written as they
        /// are, and tmux places them in the pane.
        case tmuxNative

        /// How `name` says the route: nothing for `direct`.
        var suffix: String {
            switch self {
            case .direct: ""
            case .tmuxPassthrough: " via tmux passthrough"
            case .tmuxNative: " via tmux"
            }
        }
    }

    /// How kitty gets an image's pixels.
    public enum KittyTransport: Sendable, Hashable {
        /// A POSIX shared-memory object per frame (`t=s`): the terminal is on this machine.
        case sharedMemory
        /// zlib-compressed data in the escape codes themselves (`o=z`, chunked): any terminal.
        case direct
    }

    /// What `--graphics` asks for.
    public enum Preference: String, Sendable, CaseIterable {
        /// kitty graphics or sixel where the probe found them (through tmux too:
        /// ``chooseInTmux(_:capabilities:size:view:)``), blocks inside screen.
        case auto
        case kitty
        case sixel
        /// iTerm2's inline images; `auto` takes them where they are the terminal's best
        /// (``GraphicsMode/prefersITermImages(answer:environment:)``).
        case iterm2
        case blocks
    }

    /// The most colours reel puts in one sixel image (its palette indices are bytes, one kept
    /// for "transparent").
    public static let maxSixelColors = 255

    /// The mode for `preference` on a terminal that answered `capabilities`, at `size`, with
    /// `environment`'s variables.
    ///
    /// `auto` takes kitty's protocol when it answered (through shared memory when it could read
    /// it), else sixel when DA1 lists it, else blocks; inside tmux or screen (``Multiplexer``) it
    /// is blocks, since the multiplexer, not the terminal, draws the screen (inside tmux reel
    /// decides with ``chooseInTmux(_:capabilities:size:view:)`` instead). `kitty` and `sixel` use that protocol even when the terminal
    /// did not say it has it. Without a cell size in pixels there can be no pixels: blocks.
    public static func choose(_ preference: Preference, capabilities: TerminalCapabilities, size: TerminalSize,
                              environment: [String: String]) -> GraphicsMode {
        guard preference != .blocks, let cell = capabilities.cellPixelSize(for: size) else { return .blocks }
        let transport: KittyTransport = capabilities.kittySharedMemory ? .sharedMemory : .direct
        let colors = min(capabilities.maxColorRegisters ?? capabilities.colorRegisters ?? 256, maxSixelColors)
        let sixel = GraphicsMode.sixel(colors: max(colors, 2), maxSize: capabilities.sixelMaxSize, cell: cell)
        switch preference {
        case .blocks: return .blocks
        case .kitty: return .kitty(transport: transport, cell: cell)
        case .sixel: return sixel
        case .iterm2: return .iterm2(cell: cell)
        case .auto:
            let answer = capabilities.terminalVersion.flatMap(TerminalVersion.init)
            if Multiplexer.isInside(environment: environment, answer: answer) { return .blocks }
            if prefersITermImages(answer: answer, environment: environment) { return .iterm2(cell: cell) }
            if capabilities.kittyGraphics || capabilities.kittySharedMemory { return .kitty(transport: transport, cell: cell) }
            return capabilities.sixel ? sixel : .blocks
        }
    }

    /// Whether the terminal draws iTerm2's inline images best of what it draws: iTerm2 itself,
    /// and WezTerm, whose kitty graphics are partial (it answers kitty's query, but chafa, for one,
    /// stopped using them there) and whose sixel has 256 colours where a PNG has all.
    ///
    /// What the terminal says (XTVERSION) decides; only a terminal that said nothing is taken at
    /// its environment's word: `TERM_PROGRAM` (`iTerm.app`, `WezTerm`), or `LC_TERMINAL=iTerm2`,
    /// which iTerm2 sends on through SSH. Measured where it could be (scripts/benchkit/terminals.py):
    /// in mlterm, which draws both, iTerm2's images score 42.6 dB against sixel's 37.1 but show
    /// 74 % of the frames at 100x30 against sixel's 99 %, so mlterm keeps sixel (the default must
    /// keep the frame rate); in Konsole 22.12, kitty's protocol and iTerm2's scored the same
    /// (42.4 dB), so it keeps kitty's, which also shows more frames there than its sixel (67–71 %
    /// against 30–40 % at 100x30, at a load of 9–10, December 2026).
    static func prefersITermImages(answer: TerminalVersion?, environment: [String: String]) -> Bool {
        let names: Set<String> = ["iterm2", "wezterm"]
        if let answer { return names.contains(answer.name) }
        if environment["LC_TERMINAL"] == "iTerm2" { return true }
        return ["iTerm.app", "WezTerm"].contains(environment["TERM_PROGRAM"] ?? "")
    }

    /// Whether the terminal that gave `answer` (XTVERSION) needs a sixel picture in pieces
    /// (``FrameRenderer/sixelInPieces``): Konsole, which has no see-through sixel pixels (its
    /// unset pixels take colour register 0, so a cell cut out of one image shows as a flat
    /// rectangle) and makes an image as tall as its last band of six pixel rows (a picture 493
    /// pixels tall reaches 5 pixels into the row below, and on the last row but one scrolls the
    /// screen: the picture and its text a row up, the cells written after it a row below their holes).
    public static func sixelInPieces(answer: TerminalVersion?) -> Bool {
        answer?.name == "konsole"
    }

    /// The cell size in pixels, in a pixel mode.
    public var cell: PixelSize? {
        switch self {
        case .blocks: nil
        case .kitty(_, let cell, _), .sixel(_, _, let cell, _), .iterm2(let cell, _): cell
        }
    }

    /// How the image sequences travel (``Route/direct`` for blocks).
    public var route: Route {
        switch self {
        case .blocks: .direct
        case .kitty(_, _, let route), .sixel(_, _, _, let route), .iterm2(_, let route): route
        }
    }

    /// The mode with cells of `cell` pixels (after the font changed size).
    public func withCell(_ cell: PixelSize) -> GraphicsMode {
        switch self {
        case .blocks: .blocks
        case .kitty(let transport, _, let route): .kitty(transport: transport, cell: cell, route: route)
        case .sixel(let colors, let maxSize, _, let route): .sixel(colors: colors, maxSize: maxSize, cell: cell, route: route)
        case .iterm2(_, let route): .iterm2(cell: cell, route: route)
        }
    }

    /// Whether text drawn over a picture costs the terminal a redraw of its pictures, so that
    /// text changing on every frame (a fade) costs frames. xterm's sixel does: every run of text
    /// written walks all the pixels of each of its pictures, and a picture with cells cut out is
    /// drawn a line at a time, about three times as slow (`REEL_TRACE`: 30–40 ms against 10 ms to
    /// answer a frame at 100x30).
    public var textOverPicturesIsCostly: Bool {
        if case .sixel = self { true } else { false }
    }

    /// Whether the terminal draws the pictures over the cells, as sixel and iTerm2's images are:
    /// text on a picture is cut out of it and written again after it (``GraphicsRenderer``).
    public var drawsOverCells: Bool {
        switch self {
        case .sixel, .iterm2: true
        case .blocks, .kitty: false
        }
    }

    /// A short name for logs and `--stats`: `blocks`, `kitty-shm`, `kitty-direct`, `sixel` or `iterm2`,
    /// then how they travel inside tmux (`kitty-shm via tmux passthrough`, `sixel via tmux`).
    public var name: String {
        switch self {
        case .blocks: "blocks"
        case .kitty(.sharedMemory, _, let route): "kitty-shm" + route.suffix
        case .kitty(.direct, _, let route): "kitty-direct" + route.suffix
        case .sixel(_, _, _, let route): "sixel" + route.suffix
        case .iterm2(_, let route): "iterm2" + route.suffix
        }
    }
}
