/// The scroll position and selection of a list of equally tall items, in rows.
///
/// Item `i` covers content rows `i * itemHeight ..< i * itemHeight + itemHeight - gap`, and the
/// `gap` rows below it are empty. The content ends with `bottomInset` free rows (where a bar sits),
/// so when the list is scrolled to the end its last item is never behind the bar, as with the
/// seed's safe-area inset.
///
/// The rules:
/// - The selection is an item index, or nil when the list is empty; it is always clamped.
/// - The selected item is kept whole in the part of the viewport above the inset, scrolling as
///   little as possible; when that part is shorter than an item, the item's top is shown.
/// - The offset is always in `0...maxOffset`.
/// - Scrolling the view (the wheel) moves the selection to the nearest item that is then in view,
///   so the selection never goes out of sight.
public struct ListViewport: Sendable, Equatable {
    /// The number of items.
    public private(set) var itemCount: Int
    /// Rows per item, gap included (at least 1).
    public let itemHeight: Int
    /// Empty rows at the bottom of each item, inside `itemHeight`.
    public let gap: Int
    /// Rows of the viewport.
    public private(set) var viewportHeight: Int
    /// Free rows at the end of the content, and under the selection.
    public let bottomInset: Int
    /// The selected item, or nil when the list is empty.
    public private(set) var selection: Int?
    /// The first content row in view.
    public private(set) var offset = 0

    /// Makes a viewport at the top with the first item selected.
    public init(itemCount: Int, itemHeight: Int, gap: Int = 0, viewportHeight: Int, bottomInset: Int = 0) {
        self.itemCount = max(itemCount, 0)
        self.itemHeight = max(itemHeight, 1)
        self.gap = min(max(gap, 0), self.itemHeight - 1)
        self.viewportHeight = max(viewportHeight, 0)
        self.bottomInset = max(bottomInset, 0)
        selection = self.itemCount > 0 ? 0 : nil
    }

    /// Rows of the content, the bottom inset included.
    public var contentHeight: Int {
        itemCount == 0 ? 0 : itemCount * itemHeight - gap + bottomInset
    }

    /// The largest offset: the end of the content at the bottom of the viewport.
    public var maxOffset: Int { max(contentHeight - viewportHeight, 0) }

    /// The items with at least one row in view.
    public var visibleItems: Range<Int> {
        guard itemCount > 0, viewportHeight > 0 else { return 0..<0 }
        let first = min(offset / itemHeight, itemCount)
        let last = min((offset + viewportHeight - 1) / itemHeight + 1, itemCount)
        return first..<max(first, last)
    }

    /// Whole items that fit in the part of the viewport above the inset (at least 1).
    public var itemsPerPage: Int { max((viewportHeight - bottomInset + gap) / itemHeight, 1) }

    /// The content row where item `index` starts.
    public func top(of index: Int) -> Int { index * itemHeight }

    /// The item under viewport row `row` (0 is the viewport's top), or nil for a gap or past the end.
    public func item(atRow row: Int) -> Int? {
        guard row >= 0, row < viewportHeight else { return nil }
        let contentRow = offset + row
        let index = contentRow / itemHeight
        guard index < itemCount, contentRow - top(of: index) < itemHeight - gap else { return nil }
        return index
    }

    // MARK: Moves

    /// Selects `index` (clamped) and scrolls it into view.
    public mutating func select(_ index: Int) {
        guard itemCount > 0 else { selection = nil; return }
        selection = min(max(index, 0), itemCount - 1)
        revealSelection()
    }

    /// Moves the selection by `count` items (negative: up).
    public mutating func move(by count: Int) {
        guard let selection else { return }
        select(selection + count)
    }

    /// Moves the view and the selection by a page (`pages` negative: up).
    public mutating func page(by pages: Int) {
        guard let selection else { return }
        let items = itemsPerPage * pages
        offset = clampedOffset(offset + items * itemHeight)
        select(selection + items)
    }

    /// Selects the first item, at the top.
    public mutating func moveToStart() {
        guard itemCount > 0 else { return }
        offset = 0
        select(0)
    }

    /// Selects the last item, at the end.
    public mutating func moveToEnd() {
        guard itemCount > 0 else { return }
        offset = maxOffset
        select(itemCount - 1)
    }

    /// Scrolls the view by `rows` (negative: up), then brings the selection into the new view.
    public mutating func scroll(byRows rows: Int) {
        guard let selection else { return }
        offset = clampedOffset(offset + rows)
        let usable = max(viewportHeight - bottomInset, 1)
        let span = itemHeight - gap
        if top(of: selection) < offset {
            self.selection = min((offset + itemHeight - 1) / itemHeight, itemCount - 1)
        } else if top(of: selection) + span > offset + usable {
            let lastWhole = (offset + usable - span) / itemHeight
            self.selection = max(min(lastWhole, itemCount - 1), 0)
        }
        revealSelection()
    }

    // MARK: Changes

    /// Changes the viewport's height (a resize), keeping the selection in view.
    public mutating func resize(viewportHeight: Int) {
        self.viewportHeight = max(viewportHeight, 0)
        offset = clampedOffset(offset)
        revealSelection()
    }

    /// Replaces the items (a filter changed): `selection` is the item to select in the new list,
    /// or nil for the first; the offset is kept where it can be.
    public mutating func setItems(count: Int, selecting index: Int?) {
        itemCount = max(count, 0)
        offset = clampedOffset(offset)
        guard itemCount > 0 else { selection = nil; offset = 0; return }
        select(index ?? 0)
    }

    private func clampedOffset(_ value: Int) -> Int { min(max(value, 0), maxOffset) }

    /// Scrolls as little as possible so that the selected item is whole above the inset.
    private mutating func revealSelection() {
        guard let selection else { offset = 0; return }
        let start = top(of: selection)
        let end = start + itemHeight - gap
        let usable = max(viewportHeight - bottomInset, 1)
        if end > offset + usable { offset = end - usable }
        if start < offset { offset = start }
        offset = clampedOffset(offset)
    }
}
