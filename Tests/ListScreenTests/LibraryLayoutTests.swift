import Drawing
@testable import ListScreen
import Testing

/// Where the list screen's parts go, and which items a query keeps.
@Suite("ListScreen: the list's layout and its items")
struct LibraryLayoutTests {
    @Test("at 80x24 with notes: the header, the notes, the list below them, the bar on the last row, thumbnails at the left")
    func wide() {
        let layout = LibraryLayout(columns: 80, rows: 24, hasNotes: true)
        #expect(layout.header == Rect(x: 0, y: 0, width: 80, height: 1))
        #expect(layout.notes == Rect(x: 0, y: 1, width: 80, height: 1))
        #expect(layout.list == Rect(x: 0, y: 2, width: 80, height: 22))
        #expect(layout.bar == Rect(x: 0, y: 23, width: 80, height: 1))
        #expect(layout.thumbnailX == 2)
        #expect(layout.textX == 2 + LibraryLayout.thumbnailColumns + 2)
        #expect(layout.itemRect(top: 5) == Rect(x: 0, y: 5, width: 80, height: LibraryLayout.itemHeight - LibraryLayout.itemGap))
    }

    @Test("narrower than 40 columns there is no thumbnail, and under 6 rows no notes",
          arguments: [(39, 24, true, nil, true), (40, 5, true, 2, false), (40, 6, false, 2, false), (40, 6, true, 2, true)] as [(Int, Int, Bool, Int?, Bool)])
    func small(columns: Int, rows: Int, hasNotes: Bool, thumbnailX: Int?, notes: Bool) {
        let layout = LibraryLayout(columns: columns, rows: rows, hasNotes: hasNotes)
        #expect(layout.thumbnailX == thumbnailX)
        #expect((layout.notes != nil) == notes)
        #expect(layout.list.y == (notes ? 2 : 1))
    }

    @Test("a negative size is an empty layout")
    func negative() {
        let layout = LibraryLayout(columns: -3, rows: -1, hasNotes: true)
        #expect(layout.columns == 0 && layout.rows == 0)
        #expect(layout.header.isEmpty && layout.bar.isEmpty)
    }

    @Test("a query matches the name or the title tag, and an empty query matches everything")
    func matches() {
        var item = LibraryItem(name: "holiday-2019.mkv", byteSize: 1)
        #expect(item.matches(""))
        #expect(item.matches("holiday"))
        #expect(!item.matches("beach"))
        item.state = .playable(LibraryMedia(title: "Beach Day", duration: 60, videoSize: nil, hasAudio: true))
        #expect(item.displayTitle == "Beach Day")
        #expect(item.matches("beach"))
        #expect(item.matches("2019"))
    }
}
