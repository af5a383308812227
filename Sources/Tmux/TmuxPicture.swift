import Drawing
import Graphics
import Options
import System
import Terminal

/// What the picture needs from tmux, when reel runs in it: where the pane is in the client,
/// the owner of `allow-passthrough` while reel changed it, and why there are no pixels.
public struct TmuxPicture {
    /// What tmux said of the pane and its clients (nil outside tmux, or when it did not say).
    public var view: TmuxView?
    /// The owner of the pane's `allow-passthrough`, while reel has it on.
    public var passthrough: PanePassthrough?
    /// Why `--graphics=auto` draws cells inside tmux, said once in `--stats` and the log.
    public var whyCells: String?
    /// Where kitty's images go: behind Unicode placeholders, which tmux keeps in its own
    /// cells, when every client is a kitty that has them (``KittyPlaceholders``); else at
    /// the cursor, kept to the pane by ``PanePictures``.
    public var placement: KittyPlacement = .cursor
    /// Whether the screens are paced to the answers of tmux's one client's terminal, asked
    /// through passthrough, which stays on while reel runs.
    public var pacesThroughPassthrough = false

    /// The pane's top-left cell in the client's terminal.
    public var origin: CellOrigin { view?.origin ?? .zero }

    /// Nothing from tmux (outside it), or what it said of the pane (`view`) and passthrough's owner.
    public init(view: TmuxView? = nil, passthrough: PanePassthrough? = nil) {
        self.view = view
        self.passthrough = passthrough
    }


    /// Asks tmux about reel's pane and its clients when reel is in tmux, and turns passthrough on
    /// for the pane so that the probe can ask the terminal behind tmux: when pixels may be drawn
    /// through it (`--graphics` and `--blitter` leave pixels possible), or when one client shows
    /// the pane, whose terminal's answers can pace the screens (``pacesThrough(capabilities:)``).
    public static func prepare(options: ReelOptions, environment: [String: String]) -> TmuxPicture {
        let pixels: Bool
        switch options.graphics {
        case .blocks: pixels = false
        case .kitty, .sixel, .iterm2: pixels = true
        case .auto: pixels = options.blitter == .auto
        }
        guard TmuxClient.command(environment: environment) != nil else { return TmuxPicture() }
        // A claim on the pane's passthrough left by a reel that died with its guard is undone first.
        let view = TmuxClient.view(environment: environment).flatMap { PanePassthrough.reclaim(view: $0, environment: environment) }
        // No client, no terminal to ask or draw on (a detached session); with several, no one
        // terminal's answers say what all of them have drawn.
        guard pixels || view?.clients.count == 1 else { return TmuxPicture() }
        let passthrough = view.flatMap { $0.clients.isEmpty ? nil : PanePassthrough.turnOn(view: $0, environment: environment) }
        TraceLog.shared?.record("tmux \(view.map { "\($0)" } ?? "did not answer")")
        return TmuxPicture(view: view, passthrough: passthrough)
    }

    /// Whether the probe can ask the terminal behind tmux through passthrough: tmux answered,
    /// a client is attached, and passthrough is on for the pane (it was, or reel turned it on),
    /// or tmux is older than 3.3 and always lets it through.
    public var probesThrough: Bool {
        guard let view, !view.clients.isEmpty else { return false }
        return passthrough != nil || view.passthroughAllowed || !view.hasPassthroughOption
    }

    /// Whether the screens can be paced to the answers of tmux's client's terminal, asked through
    /// passthrough: exactly one client shows the pane, passthrough lets the questions through,
    /// and that terminal answered the probe's status question. tmux answers a status question
    /// itself, at once, however far behind its client is, so without passthrough (or with no
    /// client, or several) the screens are not paced.
    public func pacesThrough(capabilities: TerminalCapabilities) -> Bool {
        guard let view, view.clients.count == 1, capabilities.answersStatus else { return false }
        return probesThrough
    }

    /// Decides, once the picture is chosen (`graphics`), whether the screens are paced through
    /// passthrough, and puts passthrough back at once when neither they nor the picture go
    /// through it.
    public mutating func settlePassthrough(graphics: GraphicsMode, capabilities: TerminalCapabilities) {
        pacesThroughPassthrough = pacesThrough(capabilities: capabilities)
        guard !pacesThroughPassthrough, graphics.route != .tmuxPassthrough else { return }
        passthrough?.restore()
        passthrough = nil
    }

    /// The pixels inside tmux for `options`, and `tmux` with the reason when `auto` found none.
    public mutating func choosePixels(options: ReelOptions, capabilities: TerminalCapabilities, size: TerminalSize) -> GraphicsMode {
        let choice = GraphicsMode.chooseInTmux(options.graphics, capabilities: capabilities, size: size, view: view)
        placement = choice.placement
        // Said only when pixels were wanted: a blitter named draws cells by choice.
        whyCells = options.graphics == .auto && options.blitter == .auto ? choice.whyCells : nil
        return choice.mode
    }
}
