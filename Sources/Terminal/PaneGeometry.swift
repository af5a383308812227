/// Where a pane sits in its window, in cells: `#{pane_left} #{pane_top} #{pane_width} #{pane_height}`.
public struct PaneGeometry: Sendable, Equatable {
    public var left: Int
    public var top: Int
    public var width: Int
    public var height: Int

    /// No pane yet: nothing known of where it is.
    public static let zero = PaneGeometry(left: 0, top: 0, width: 0, height: 0)
}

extension PaneGeometry {
    /// tmux's formats of it, in the order ``init(fields:)`` reads them.
    public static let format = ["#{pane_left}", "#{pane_top}", "#{pane_width}", "#{pane_height}"]

    /// The geometry in the four values of ``format``; nil when they are not four numbers.
    public init?(fields: ArraySlice<String>) {
        let numbers = fields.compactMap { Int($0) }
        guard fields.count == 4, numbers.count == 4 else { return nil }
        self.init(left: numbers[0], top: numbers[1], width: numbers[2], height: numbers[3])
    }

    /// The pane's top-left cell in a client's terminal whose window starts at row `windowTop`
    /// (``TmuxStatusLine/windowTop``): where an image's cursor move starts.
    public func origin(windowTop: Int) -> CellOrigin {
        CellOrigin(column: left, row: top + windowTop)
    }
}
