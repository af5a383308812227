import ScreenParts
import Commands
import Controls
import Drawing
import Terminal

extension PosterScreen {
    /// Handles one input event at `now` (while the player is not in front) and returns what the
    /// app must do.
    public mutating func handle(_ event: InputEvent, now: Seconds) -> [PosterAction] {
        tick(now: now)
        switch event {
        case .key(let key): return handleKey(key, now: now)
        case .mouse(let mouse): return handleMouse(mouse, now: now)
        case .paste, .focus, .reply: return []
        }
    }

    /// What the keys mean now: the help, or the card's commands.
    public var keyMode: KeyMode { help.isShown ? .help : .commands }

    /// Shows or closes the list of keys (``KeysHelp``); whether a key does that is decided above
    /// the screens (``GlobalCommand``), once for all of them.
    public mutating func setHelpShown(_ shown: Bool) { help.show(shown); needsRedraw = true }
    /// Turns the list of keys `pages` pages on (back when negative).
    public mutating func turnHelpPage(by pages: Int) { help.turn(by: pages); needsRedraw = true }

    private mutating func handleKey(_ event: KeyEvent, now: Seconds) -> [PosterAction] {
        switch configuration.commands.command(for: event, on: .poster, in: keyMode) {
        case .play?:
            return open(now: now)
        case .close?:
            // While the video opens, Esc closes it; on the card it leaves.
            if stage.isOpen { return closeVideo(now: now) }
            return [configuration.canClose ? .back : .quit]
        default:
            return []
        }
    }

    private mutating func handleMouse(_ event: MouseEvent, now: Seconds) -> [PosterAction] {
        guard case .press(.left) = event.action else { return [] }
        let reveal = stage.reveal(at: now)
        if reveal.isPlayButtonInteractive, layout.playButton.contains(x: event.column, y: event.row) {
            return open(now: now)
        }
        if reveal.isCloseButtonInteractive, closeButton(at: now).contains(x: event.column, y: event.row) {
            return closeVideo(now: now)
        }
        return []
    }

    /// Opens the video from wherever the card is; nothing when it is already opening.
    private mutating func open(now: Seconds) -> [PosterAction] {
        guard !stage.isOpen else { return [] }
        stage.open(now: now)
        needsRedraw = true
        return [.play]
    }

    /// Pauses and runs back to the poster.
    private mutating func closeVideo(now: Seconds) -> [PosterAction] {
        close(now: now)
        return [.pause]
    }

    /// The ✕ hit area at `now`: in the top-right corner of the frame as it is.
    func closeButton(at now: Seconds) -> Rect {
        let frame = frameArea(growth: stage.growth(at: now))
        let width = min(PosterLayout.closeButtonWidth, frame.width)
        return Rect(x: frame.maxX - width, y: frame.y, width: width, height: min(PosterLayout.closeButtonHeight, frame.height))
    }
}
