import Drawing

/// Where each part of the player's chrome sits for a terminal of a given size.
///
/// Every clickable area is at least 3 cells wide. Below about 24 × 6 cells the chrome would not
/// fit, so only the time is shown (``isCompact``).
public struct PlayerLayout: Sendable, Equatable {
    public let columns: Int
    public let rows: Int
    /// Too small for the chrome: show the time only.
    public let isCompact: Bool
    /// The title: up to 2 rows at the top.
    public let title: Rect
    /// The ✕ close button at the top right, when the player can be closed to a poster or list.
    public let close: Rect?
    /// Back one interval.
    public let back: Rect?
    /// Play / pause.
    public let playPause: Rect
    /// Forward one interval.
    public let forward: Rect?
    /// The scrubber's bar (one row); its hit area is ``scrubberHitArea``.
    public let scrubber: Rect
    /// The bar plus a row above and below, so it is easy to grab.
    public let scrubberHitArea: Rect
    /// Elapsed on the left, total on the right.
    public let timesRow: Int
    /// The screen reader's status line, when on.
    public let statusRow: Int?
    /// How much larger than their smallest the transport's buttons are drawn: 1 up to 30 rows,
    /// growing with the screen (the seed scales ▶ to its frame), so that they stay easy to see
    /// and to hit on a large terminal.
    public let buttonScale: Int

    /// Lays out a `columns` × `rows` screen.
    public init(columns: Int, rows: Int, canClose: Bool, showsSkipButtons: Bool, screenReader: Bool) {
        self.columns = max(columns, 0)
        self.rows = max(rows, 0)
        isCompact = columns < 24 || rows < 6
        statusRow = screenReader && rows >= 7 ? rows - 1 : nil
        let bottom = (statusRow ?? rows) - 1
        timesRow = bottom
        let barRow = bottom - 1
        scrubber = Rect(x: 2, y: barRow, width: max(columns - 4, 0), height: 1)
        scrubberHitArea = Rect(x: 1, y: barRow - 1, width: max(columns - 2, 0), height: 3)

        let closeWidth = canClose ? 5 : 0
        close = canClose ? Rect(x: columns - closeWidth, y: 0, width: closeWidth, height: 3) : nil
        let titleTop = rows >= 14 ? 1 : 0
        title = Rect(x: 2, y: titleTop, width: max(columns - 4 - closeWidth, 0), height: rows >= 10 ? 2 : 1)

        // The transport sits in the middle, between the title and the scrubber. Its buttons grow
        // one step for every 15 rows beyond 30, as long as the width allows.
        let middle = max(title.maxY + 1, min(barRow - 2, rows / 2))
        let centre = columns / 2
        let scale = max(1, min(1 + (rows - 30) / 15, 1 + (columns - 80) / 40, 3))
        buttonScale = scale
        let height = 1 + 2 * scale
        let playWidth = 3 + 4 * scale
        playPause = Rect(x: centre - playWidth / 2, y: middle - scale, width: playWidth, height: height)
        if showsSkipButtons {
            let gap = max(2, min(8 * scale, columns / 10))
            let skipWidth = 4 + 4 * scale
            back = Rect(x: playPause.x - gap - skipWidth, y: middle - scale, width: skipWidth, height: height)
            forward = Rect(x: playPause.maxX + gap, y: middle - scale, width: skipWidth, height: height)
        } else {
            back = nil
            forward = nil
        }
    }

    /// The row the transport's labels are drawn on.
    public var transportRow: Int { playPause.y + playPause.height / 2 }

    /// The control under a cell, if any, in the order a click is resolved.
    public func control(atColumn column: Int, row: Int) -> PlayerControl? {
        if isCompact { return nil }
        if let close, close.contains(x: column, y: row) { return .close }
        if row == timesRow, column >= columns - 12, column >= scrubber.x + scrubber.width / 2 { return .total }
        if scrubberHitArea.contains(x: column, y: row) { return .scrubber }
        if playPause.contains(x: column, y: row) { return .playPause }
        if let back, back.contains(x: column, y: row) { return .back }
        if let forward, forward.contains(x: column, y: row) { return .forward }
        return nil
    }

    /// The scrubber fraction for a column, clamped to 0…1.
    public func scrubberFraction(atColumn column: Int) -> Double {
        guard scrubber.width > 1 else { return 0 }
        return min(max(Double(column - scrubber.x) / Double(scrubber.width - 1), 0), 1)
    }
}

/// A clickable part of the player's chrome.
public enum PlayerControl: Sendable, Equatable {
    case close, back, playPause, forward, scrubber
    /// The total time at the right end of the times row: a click shows the time left instead.
    case total
}
