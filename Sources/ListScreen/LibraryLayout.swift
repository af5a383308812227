import Drawing

/// Where the library's parts go on a screen of a given size.
///
/// From the top: a header row, a notes row when entries were skipped or nothing can be played,
/// then the list down to the last row. The hint bar is the last row, over the list; the list's
/// content ends with one free row for it (``ListViewport/bottomInset``).
public struct LibraryLayout: Sendable, Equatable {
    /// Rows per item: three rows of text and thumbnail, then a blank row.
    public static let itemHeight = 4
    /// The blank rows at the bottom of each item.
    public static let itemGap = 1
    /// The thumbnail's size in cells: 12 × 3, that is 12 × 6 half-block pixels (2:1, close to 16:9
    /// once mpv letterboxes into it).
    public static let thumbnailColumns = 12
    public static let thumbnailRows = 3
    /// The bar's height in rows.
    public static let barHeight = 1

    public let columns: Int
    public let rows: Int
    /// The header row and the optional notes row.
    public let header: Rect
    public let notes: Rect?
    /// The list, down to the bottom of the screen (the bar lies over its last row).
    public let list: Rect
    /// The hint bar's row.
    public let bar: Rect
    /// Where an item's thumbnail starts, from the item's left edge; nil when the screen is too narrow.
    public let thumbnailX: Int?
    /// Where an item's text starts.
    public let textX: Int

    public init(columns: Int, rows: Int, hasNotes: Bool) {
        self.columns = max(columns, 0)
        self.rows = max(rows, 0)
        header = Rect(x: 0, y: 0, width: self.columns, height: min(1, self.rows))
        let notesShown = hasNotes && self.rows >= 6
        notes = notesShown ? Rect(x: 0, y: 1, width: self.columns, height: 1) : nil
        let top = notesShown ? 2 : 1
        list = Rect(x: 0, y: top, width: self.columns, height: self.rows - top)
        bar = Rect(x: 0, y: max(self.rows - Self.barHeight, 0), width: self.columns, height: min(Self.barHeight, self.rows))
        let wide = self.columns >= 40
        thumbnailX = wide ? 2 : nil
        textX = wide ? 2 + Self.thumbnailColumns + 2 : 2
    }

    /// The rectangle of an item whose top is at screen row `y`: its three rows of content.
    func itemRect(top y: Int) -> Rect {
        Rect(x: 0, y: y, width: columns, height: Self.itemHeight - Self.itemGap)
    }
}
