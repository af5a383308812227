import Testing
@testable import Controls

@Suite("ListViewport")
struct ListViewportTests {
    /// 20 items of 3 rows plus a 1-row gap, in 13 rows with a 1-row bar: 3 whole items a page.
    private func list(count: Int = 20) -> ListViewport {
        ListViewport(itemCount: count, itemHeight: 4, gap: 1, viewportHeight: 13, bottomInset: 1)
    }

    @Test("starts at the top with the first item selected; an empty list selects nothing")
    func start() {
        let viewport = list()
        #expect(viewport.selection == 0 && viewport.offset == 0)
        #expect(viewport.contentHeight == 20 * 4 - 1 + 1)
        #expect(viewport.maxOffset == 80 - 13)
        #expect(viewport.itemsPerPage == 3)
        #expect(viewport.visibleItems == 0..<4)
        #expect(ListViewport(itemCount: 0, itemHeight: 4, viewportHeight: 10).selection == nil)
    }

    @Test("moving down scrolls only once the selection would leave the rows above the inset")
    func moveKeepsInView() {
        var viewport = list()
        viewport.move(by: 2)
        #expect(viewport.selection == 2 && viewport.offset == 0)
        viewport.move(by: 1)
        // Item 3 covers rows 12..<15; 12 usable rows: offset 3.
        #expect(viewport.selection == 3 && viewport.offset == 3)
        viewport.move(by: -1)
        #expect(viewport.offset == 3)
        viewport.move(by: -3)
        #expect(viewport.selection == 0 && viewport.offset == 0)
        viewport.move(by: -1)
        #expect(viewport.selection == 0)
    }

    @Test("at the end the last item sits above the inset, never behind it")
    func endAboveInset() {
        var viewport = list()
        viewport.moveToEnd()
        #expect(viewport.selection == 19 && viewport.offset == viewport.maxOffset)
        // The last item's rows 76..<79 end one row above the viewport's end (80).
        #expect(viewport.top(of: 19) + 3 == viewport.offset + 13 - 1)
        viewport.move(by: 5)
        #expect(viewport.selection == 19)
        viewport.moveToStart()
        #expect(viewport.selection == 0 && viewport.offset == 0)
    }

    @Test("a page moves the view and the selection by the whole items that fit")
    func pages() {
        var viewport = list()
        viewport.page(by: 1)
        #expect(viewport.selection == 3 && viewport.offset == 12)
        viewport.page(by: 1)
        #expect(viewport.selection == 6 && viewport.offset == 24)
        viewport.page(by: -1)
        #expect(viewport.selection == 3 && viewport.offset == 12)
        viewport.page(by: -5)
        #expect(viewport.selection == 0 && viewport.offset == 0)
        viewport.page(by: 10)
        #expect(viewport.selection == 19 && viewport.offset == viewport.maxOffset)
    }

    @Test("the wheel scrolls the view and pulls the selection into it")
    func wheel() {
        var viewport = list()
        viewport.scroll(byRows: 4)
        #expect(viewport.offset == 4 && viewport.selection == 1)
        viewport.move(by: 2)
        #expect(viewport.selection == 3 && viewport.offset == 4)
        viewport.scroll(byRows: -4)
        // Item 3 (rows 12..<15) no longer fits above the inset (rows 0..<12): item 2 is the last whole one.
        #expect(viewport.offset == 0 && viewport.selection == 2)
        viewport.scroll(byRows: -4)
        #expect(viewport.offset == 0 && viewport.selection == 2)
        viewport.scroll(byRows: 1000)
        #expect(viewport.offset == viewport.maxOffset && viewport.selection == 17)
    }

    @Test("rows map back to items; gaps and rows past the end hit nothing")
    func hitTest() {
        var viewport = list(count: 3)
        #expect(viewport.item(atRow: 0) == 0 && viewport.item(atRow: 2) == 0)
        #expect(viewport.item(atRow: 3) == nil)
        #expect(viewport.item(atRow: 4) == 1 && viewport.item(atRow: 10) == 2)
        #expect(viewport.item(atRow: 12) == nil && viewport.item(atRow: -1) == nil)
        viewport = list()
        viewport.scroll(byRows: 6)
        #expect(viewport.item(atRow: 0) == 1 && viewport.item(atRow: 2) == 2)
    }

    @Test("a resize keeps the selection in view and the offset in range")
    func resize() {
        var viewport = list()
        viewport.select(10)
        viewport.resize(viewportHeight: 5)
        #expect(viewport.offset <= viewport.top(of: 10) && viewport.top(of: 10) + 3 <= viewport.offset + 4)
        viewport.resize(viewportHeight: 200)
        #expect(viewport.offset == 0 && viewport.selection == 10)
        viewport.resize(viewportHeight: 2)
        #expect(viewport.offset == viewport.top(of: 10))
    }

    @Test("new items keep the wanted selection, clamp it, or select the first")
    func setItems() {
        var viewport = list()
        viewport.moveToEnd()
        viewport.setItems(count: 5, selecting: 4)
        #expect(viewport.selection == 4 && viewport.offset <= viewport.maxOffset)
        viewport.setItems(count: 5, selecting: nil)
        #expect(viewport.selection == 0 && viewport.offset == 0)
        viewport.setItems(count: 0, selecting: 3)
        #expect(viewport.selection == nil && viewport.offset == 0 && viewport.visibleItems.isEmpty)
        viewport.move(by: 1)
        viewport.page(by: 1)
        #expect(viewport.selection == nil)
        viewport.setItems(count: 2, selecting: 9)
        #expect(viewport.selection == 1)
    }
}
