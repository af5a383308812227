import Controls
import Terminal

/// Clicks, drags and the wheel on the player: the controls, the scrubber, the menu, the video.
extension PlayerScreen {
    mutating func handleMouse(_ event: MouseEvent, now: Seconds) -> [PlayerAction] {
        let column = event.column, row = event.row
        if help.isShown, case .press = event.action {
            help.show(false)
            return []
        }
        if let menu, let actions = handleMenuMouse(event, menu: menu, now: now) { return actions }
        if status.phase.upNext != nil, case .press(.left) = event.action, let card = upNextCard(),
           card.contains(x: column, y: row) {
            return row == card.maxY - 2 && column >= card.x + card.width / 2 ? [.dismissUpNext] : [.acceptUpNext]
        }
        switch event.action {
        case .press(.left):
            let control = chrome.isInteractive(at: now) ? layout.control(atColumn: column, row: row) : nil
            pressedControl = control
            switch control {
            case .scrubber?:
                guard scrubber.isEnabled, !status.isImage else { return [] }
                chrome.scrubbing(true, now: now)
                doubleTap.clear()
                let fraction = layout.scrubberFraction(atColumn: column)
                return scrubber.begin(at: fraction, now: now).map { [.seek($0)] } ?? []
            case .total?:
                showsRemaining.toggle()
                chrome.activity(now: now)
                return []
            case .close?:
                return close(now: now)
            case .back?:
                return skip(by: -configuration.skips.interval, now: now)
            case .forward?:
                return skip(by: configuration.skips.interval, now: now)
            case .playPause?:
                chrome.activity(now: now)
                return playPause(now: now)
            case nil:
                // On the video: a tap for the double-tap engine, by physical half.
                let side = SeekSide.side(forX: Double(column), width: Double(layout.columns))
                let half = side == .backward ? 0 : layout.columns / 2
                let point = Point(x: Double(column - half) + 0.5, y: Double(row) + 0.5)
                return tap(side, at: point, now: now)
            }
        case .drag(.left):
            guard pressedControl == .scrubber, scrubber.isDragging else { return [] }
            return scrubber.move(to: layout.scrubberFraction(atColumn: column), now: now).map { [.seek($0)] } ?? []
        case .release:
            defer { pressedControl = nil }
            guard pressedControl == .scrubber, scrubber.isDragging else { return [] }
            let seek = scrubber.end(at: layout.scrubberFraction(atColumn: column), now: now)
            chrome.scrubbing(false, now: now)
            return seek.map { [.seek($0)] } ?? []
        case .wheelUp, .wheelDown:
            guard chrome.isInteractive(at: now), layout.control(atColumn: column, row: row) == .scrubber,
                  scrubber.isEnabled else { return [] }
            chrome.activity(now: now)
            return [.seek(.by(event.action == .wheelUp ? 5 : -5))]
        default:
            return []
        }
    }

    mutating func handleMenuMouse(_ event: MouseEvent, menu: TracksMenu, now: Seconds) -> [PlayerAction]? {
        var menu = menu
        switch event.action {
        case .wheelUp: menu.move(by: -1)
        case .wheelDown: menu.move(by: 1)
        case .press(.left):
            let panel = menuPanel(menu)
            guard panel.contains(x: event.column, y: event.row) else {
                self.menu = nil
                return []
            }
            let index = menuRow(atRow: event.row, menu: menu)
            guard let index, menu.rows[index].isSelectable else { return [] }
            return pick(menu.rows[index], now: now)
        default: return []
        }
        self.menu = menu
        return []
    }
}
