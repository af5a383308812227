import Drawing
import Terminal

extension ReelApp {
    /// What the picture needs from tmux, when reel runs in it: where the pane is in the client,
    /// the owner of `allow-passthrough` while reel changed it, and why there are no pixels.
    struct TmuxPicture {
        /// What tmux said of the pane and its clients (nil outside tmux, or when it did not say).
        var view: TmuxView?
        /// The owner of the pane's `allow-passthrough`, while reel has it on.
        var passthrough: PanePassthrough?
        /// Why `--graphics=auto` draws cells inside tmux, said once in `--stats` and the log.
        var whyCells: String?
        /// Where kitty's images go: behind Unicode placeholders, which tmux keeps in its own
        /// cells, when every client is a kitty that has them (``KittyPlaceholders``); else at
        /// the cursor, kept to the pane by ``PanePictures``.
        var placement: KittyPlacement = .cursor
        /// Whether the screens are paced to the answers of tmux's one client's terminal, asked
        /// through passthrough, which stays on while reel runs.
        var pacesThroughPassthrough = false

        /// The pane's top-left cell in the client's terminal.
        var origin: CellOrigin { view?.origin ?? .zero }
    }

    /// Asks tmux about reel's pane and its clients when pixels may be drawn through it (reel is
    /// in tmux, and `--graphics` and `--blitter` leave pixels possible), and turns passthrough on
    /// for the pane so that the probe can ask the terminal behind tmux.
    static func prepareTmux(options: ReelOptions, environment: [String: String]) -> TmuxPicture {
        let wanted: Bool
        switch options.graphics {
        case .blocks: wanted = false
        case .kitty, .sixel: wanted = true
        case .auto: wanted = options.blitter == .auto
        }
        guard wanted, TmuxClient.command(environment: environment) != nil else { return TmuxPicture() }
        let view = TmuxClient.view(environment: environment)
        // No client, no terminal to ask or draw on (a detached session).
        let passthrough = view.flatMap { $0.clients.isEmpty ? nil : PanePassthrough.turnOn(view: $0, environment: environment) }
        TraceLog.shared?.record("tmux \(view.map { "\($0)" } ?? "did not answer")")
        return TmuxPicture(view: view, passthrough: passthrough)
    }

    /// Whether the probe can ask the terminal behind tmux through passthrough: tmux answered,
    /// a client is attached, and passthrough is on for the pane (it was, or reel turned it on),
    /// or tmux is older than 3.3 and always lets it through.
    static func probesThroughTmux(_ tmux: TmuxPicture) -> Bool {
        guard let view = tmux.view, !view.clients.isEmpty else { return false }
        return tmux.passthrough != nil || view.passthroughAllowed || !view.hasPassthroughOption
    }

    /// The pixels inside tmux for `options`, and `tmux` with the reason when `auto` found none;
    /// passthrough goes back off at once when the choice does not go through it.
    static func choosePixelsInTmux(_ tmux: inout TmuxPicture, options: ReelOptions, capabilities: TerminalCapabilities,
                                   size: TerminalSize) -> GraphicsMode {
        let choice = GraphicsMode.chooseInTmux(options.graphics, capabilities: capabilities, size: size, view: tmux.view)
        if choice.mode.route != .tmuxPassthrough {
            tmux.passthrough?.restore()
            tmux.passthrough = nil
        }
        tmux.placement = choice.placement
        // Said only when pixels were wanted: a blitter named draws cells by choice.
        tmux.whyCells = options.graphics == .auto && options.blitter == .auto ? choice.whyCells : nil
        return choice.mode
    }
}
