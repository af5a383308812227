import Drawing
import Terminal

extension GraphicsMode {
    /// The mode inside tmux, and when it is cells under `auto`, why (said once in `--stats` and
    /// the log).
    public struct TmuxChoice: Sendable, Equatable {
        public var mode: GraphicsMode
        /// Why there are no pixels, when there are none.
        public var whyCells: String?
        /// Where kitty's images go: behind Unicode placeholders, which tmux keeps in its own
        /// cells (hidden, moved and restored with the pane), when every client is a kitty that
        /// draws them (``KittyPlaceholders/isSupported(byClients:)``); else at the cursor.
        public var placement: KittyPlacement = .cursor

        public init(mode: GraphicsMode, whyCells: String? = nil, clients: [String] = []) {
            self.mode = mode
            self.whyCells = whyCells
            if case .kitty = mode, KittyPlaceholders.isSupported(byClients: clients) { placement = .placeholders }
        }
    }

    /// The mode for `preference` inside tmux, where `view` is what tmux said of the pane and its
    /// clients (nil when it did not answer) and `capabilities` what the start-up probe found:
    /// tmux's own DA1 (``TerminalCapabilities/multiplexerSixel``) and the client's terminal's
    /// answers through passthrough (``CapabilityProbe/init(throughTmux:)``).
    ///
    /// `auto`, in order:
    /// 0. iTerm2's images through passthrough where the one client's terminal draws them best
    ///    (``prefersITermImages(answer:environment:)``: iTerm2, WezTerm);
    /// 1. kitty graphics through passthrough where the terminal answered kitty's query (shared
    ///    memory where it read it, and only with one client: another may run elsewhere); with
    ///    several clients, only when every one says it is kitty;
    /// 2. sixel through passthrough where the one client's terminal lists sixel in its DA1;
    /// 3. sixel drawn by tmux itself, where its DA1 lists sixel or it knows every client's
    ///    terminal draws it (tmux ≥ 3.4 built with sixel), for several clients: text over its
    ///    images deletes them, so the controls cost the picture there;
    /// 4. else cells, with the reason.
    /// Passthrough needs tmux ≥ 3.3 (`allow-passthrough`).
    ///
    /// `kitty` and `sixel` draw that protocol whatever was found: kitty through passthrough,
    /// sixel through passthrough with one client, else by tmux where it draws it.
    public static func chooseInTmux(_ preference: Preference, capabilities: TerminalCapabilities, size: TerminalSize,
                                    view: TmuxView?) -> TmuxChoice {
        guard preference != .blocks else { return TmuxChoice(mode: .blocks, whyCells: nil) }
        if preference == .auto,
           let why = view == nil ? "no pixels through tmux: tmux did not say which terminal it runs in" : view.flatMap(noClient) {
            return TmuxChoice(mode: .blocks, whyCells: why)
        }
        guard let cell = capabilities.cellPixelSize(for: size) else {
            return TmuxChoice(mode: .blocks, whyCells: "no pixels through tmux: the cell size in pixels is unknown")
        }
        let single = (view?.clients.count ?? 0) <= 1
        let transport: KittyTransport = capabilities.kittySharedMemory && single ? .sharedMemory : .direct
        let colors = max(min(capabilities.maxColorRegisters ?? capabilities.colorRegisters ?? 256, maxSixelColors), 2)
        let tmuxSixel = capabilities.multiplexerSixel || view?.allClientsSixel == true
        func sixel(_ route: Route) -> GraphicsMode {
            .sixel(colors: colors, maxSize: capabilities.sixelMaxSize, cell: cell, route: route)
        }
        switch preference {
        case .blocks: return TmuxChoice(mode: .blocks, whyCells: nil)
        case .kitty: return TmuxChoice(mode: .kitty(transport: transport, cell: cell, route: .tmuxPassthrough),
                                       clients: view?.clients.map(\.termType) ?? [])
        case .iterm2: return TmuxChoice(mode: .iterm2(cell: cell, route: .tmuxPassthrough))
        case .sixel:
            let through = single && view?.hasPassthroughOption == true
            return TmuxChoice(mode: sixel(through || !tmuxSixel ? .tmuxPassthrough : .tmuxNative))
        case .auto: break
        }
        guard let view else { return TmuxChoice(mode: .blocks, whyCells: nil) }  // (said above)
        let passthrough = view.hasPassthroughOption
        let kitty = capabilities.kittyGraphics || capabilities.kittySharedMemory
        // The one client's terminal by its own name (tmux's client_termtype is its XTVERSION).
        if passthrough, single, let client = view.clients.first.flatMap({ TerminalVersion($0.termType) }),
           prefersITermImages(answer: client, environment: [:]) {
            return TmuxChoice(mode: .iterm2(cell: cell, route: .tmuxPassthrough))
        }
        if passthrough, kitty, single || view.allClientsKitty {
            return TmuxChoice(mode: .kitty(transport: transport, cell: cell, route: .tmuxPassthrough),
                              clients: view.clients.map(\.termType))
        }
        // Passthrough before tmux's own sixel: tmux ≥ 3.4 deletes its image when text is written
        // on any cell of it, and sends it on without transparency, so the controls over the
        // picture came out as black boxes (xterm in tmux 3.5a); through passthrough the picture
        // is the terminal's, with reel's text in its holes, as on the terminal itself.
        if passthrough, capabilities.sixel, single { return TmuxChoice(mode: sixel(.tmuxPassthrough)) }
        if tmuxSixel { return TmuxChoice(mode: sixel(.tmuxNative)) }
        return TmuxChoice(mode: .blocks, whyCells: whyCells(view: view, capabilities: capabilities))
    }

    /// Why there are no pixels before anything is asked: no client attached to `view`'s session.
    static func noClient(_ view: TmuxView) -> String? {
        view.clients.isEmpty ? "no pixels through tmux: no client is attached" : nil
    }

    /// Why `auto` draws cells in the tmux of `view`, whose clients' terminals answered `capabilities`.
    static func whyCells(view: TmuxView, capabilities: TerminalCapabilities) -> String {
        let terminals = view.clients.map { $0.termType.isEmpty ? "an unknown terminal" : $0.termType }
        let clients = terminals.joined(separator: ", ")
        if !view.hasPassthroughOption {
            return "no pixels through tmux: tmux \(view.version) has no allow-passthrough (3.3 or later needed)"
        }
        if view.clients.count > 1, capabilities.kittyGraphics || capabilities.kittySharedMemory || capabilities.sixel {
            return "no pixels through tmux: not every one of its \(view.clients.count) clients draws them (\(clients))"
        }
        if !capabilities.answered {
            return "no pixels through tmux: its client's terminal (\(clients)) did not answer through passthrough"
        }
        return "no pixels through tmux: its client's terminal (\(clients)) draws neither kitty graphics nor sixel"
    }
}
