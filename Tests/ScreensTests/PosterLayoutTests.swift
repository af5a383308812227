import Drawing
import Terminal
import Testing
@testable import Screens
@testable import Controls

@Suite("PosterLayout")
struct PosterLayoutTests {
    @Test("an invalid aspect ratio falls back to 16:9", arguments: [nil, 0, -1, .nan, .infinity, -.infinity] as [Double?])
    func fallback(ratio: Double?) {
        #expect(PosterLayout.aspectRatio(ratio) == 16.0 / 9.0)
    }

    @Test("a valid aspect ratio is kept", arguments: [4.0 / 3, 2.39, 0.5625, 1])
    func keeps(ratio: Double) {
        #expect(PosterLayout.aspectRatio(ratio) == ratio)
    }

    @Test("the frame fits the area at the aspect, in 1:2 cells, centred", arguments: [
        (80, 24, 16.0 / 9, Rect(x: 0, y: 0, width: 80, height: 23)),
        (120, 24, 16.0 / 9, Rect(x: 17, y: 0, width: 85, height: 24)),
        (80, 40, 16.0 / 9, Rect(x: 0, y: 8, width: 80, height: 23)),
        (80, 24, 1, Rect(x: 16, y: 0, width: 48, height: 24)),
        (80, 24, .nan, Rect(x: 0, y: 0, width: 80, height: 23)),
        (0, 24, 16.0 / 9, Rect(x: 0, y: 12, width: 0, height: 0)),
        (80, 0, 16.0 / 9, Rect(x: 40, y: 0, width: 0, height: 0)),
        (-5, -5, 16.0 / 9, Rect(x: 0, y: 0, width: 0, height: 0)),
    ] as [(Int, Int, Double, Rect)])
    func fits(columns: Int, rows: Int, ratio: Double, frame: Rect) {
        #expect(PosterLayout(columns: columns, rows: rows, aspectRatio: ratio).frame == frame)
    }

    @Test("the cell aspect is a parameter; an invalid one counts as 1:2", arguments: [
        (1.0, Rect(x: 0, y: 22, width: 100, height: 56)),
        (0.5, Rect(x: 0, y: 36, width: 100, height: 28)),
        (-1, Rect(x: 0, y: 36, width: 100, height: 28)),
        (.nan, Rect(x: 0, y: 36, width: 100, height: 28)),
    ] as [(Double, Rect)])
    func cellAspect(aspect: Double, frame: Rect) {
        #expect(PosterLayout(columns: 100, rows: 100, aspectRatio: 16.0 / 9, cellAspect: aspect).frame == frame)
    }

    @Test("extreme aspect ratios do not trap")
    func extremes() {
        #expect(PosterLayout(columns: 80, rows: 24, aspectRatio: 1e300).frame.isEmpty)
        #expect(PosterLayout(columns: 80, rows: 24, aspectRatio: 1e-300).frame.isEmpty)
    }

    @Test("rounded corners cut the corner pixels; the rest is inside", arguments: [
        (0, 0, false), (1, 0, true), (0, 1, true), (2, 0, true), (31, 0, false), (30, 0, true),
        (31, 17, false), (0, 17, false), (30, 17, true), (16, 9, true),
        (-1, 5, false), (32, 5, false), (5, 18, false), (5, -1, false),
    ] as [(Int, Int, Bool)])
    func corners(x: Int, y: Int, inside: Bool) {
        let layout = PosterLayout(columns: 32, rows: 9, aspectRatio: 32.0 / 18)
        #expect(layout.pixelWidth == 32)
        #expect(layout.pixelHeight == 18)
        #expect(layout.isInside(x: x, y: y) == inside)
    }

    @Test("a radius of 0 (or negative) keeps square corners", arguments: [0.0, -2, .nan])
    func squareCorners(radius: Double) {
        #expect(PosterLayout(columns: 32, rows: 9, aspectRatio: 32.0 / 18, cornerRadius: radius).isInside(x: 0, y: 0))
    }

    @Test("the corner is round in real units, so taller pixels round over more of them")
    func cornerFollowsCellAspect() {
        let narrow = PosterLayout(columns: 32, rows: 9, aspectRatio: 32.0 / 18, cornerRadius: 4)
        let square = PosterLayout(columns: 32, rows: 18, aspectRatio: 32.0 / 36, cellAspect: 1, cornerRadius: 4)
        #expect(narrow.isInside(x: 0, y: 3))
        #expect(!square.isInside(x: 0, y: 3))
    }

    @Test("the ▶ button is a third of the frame's shorter side, centred")
    func playButton() {
        let layout = PosterLayout(columns: 80, rows: 24, aspectRatio: 16.0 / 9)
        #expect(layout.playButton == Rect(x: 32, y: 7, width: 16, height: 8))
    }

    @Test("the ▶ button is never smaller than 3×3 cells, unless the frame is")
    func playButtonMinimum() {
        #expect(PosterLayout(columns: 12, rows: 9, aspectRatio: 16.0 / 9).playButton == Rect(x: 4, y: 3, width: 3, height: 3))
        let tiny = PosterLayout(columns: 4, rows: 9, aspectRatio: 16.0 / 9)
        #expect(tiny.frame == Rect(x: 0, y: 4, width: 4, height: 1))
        #expect(tiny.playButton == Rect(x: 0, y: 4, width: 3, height: 1))
    }

    @Test("the ✕ hit area sits in the top-right corner, 5 cells wide and 3 rows tall, within the frame")
    func closeButton() {
        #expect(PosterLayout(columns: 120, rows: 24, aspectRatio: 16.0 / 9).closeButton == Rect(x: 97, y: 0, width: 5, height: 3))
        #expect(PosterLayout(columns: 4, rows: 9, aspectRatio: 16.0 / 9).closeButton == Rect(x: 0, y: 4, width: 4, height: 1))
    }

    @Test("Rect contains its cells and not its edges beyond")
    func cellRect() {
        let rect = Rect(x: 2, y: 3, width: 4, height: 2)
        #expect(rect.contains(x: 2, y: 3))
        #expect(rect.contains(x: 5, y: 4))
        #expect(!rect.contains(x: 6, y: 4))
        #expect(!rect.contains(x: 1, y: 3))
        #expect(!rect.contains(x: 2, y: 5))
        #expect(rect.maxX == 6 && rect.maxY == 5)
        #expect(Rect(x: 0, y: 0, width: 0, height: 3).isEmpty)
    }

    @Test("rounded corners in cell units serve any pixel size", arguments: [
        (0.1, 0.1, false), (0.9, 0.9, true), (2.0, 0.0, true), (0.0, 2.0, true),
        (31.9, 8.95, false), (16, 4.5, true), (32, 4, false), (-0.01, 4, false),
    ] as [(Double, Double, Bool)])
    func cornersInCells(x: Double, y: Double, inside: Bool) {
        let corners = RoundedCorners(width: 32, height: 9, radius: 2, cellAspect: 0.5)
        #expect(corners.radiusX == 2 && corners.radiusY == 1)
        #expect(corners.contains(x: x, y: y) == inside)
    }

    @Test("a corner radius larger than the frame is held to half of it")
    func cornerClamp() {
        let corners = RoundedCorners(width: 6, height: 2, radius: 10, cellAspect: 0.5)
        #expect(corners.radiusX == 3 && corners.radiusY == 1)
        #expect(corners.contains(x: 3, y: 1))
        #expect(!corners.contains(x: 0.2, y: 0.2))
        #expect(RoundedCorners(width: 6, height: 2, radius: .nan).contains(x: 0, y: 0))
    }

    @Test("the layout's pixel test is the outline's at half-block pixel centres")
    func pixelsMatchOutline() {
        let layout = PosterLayout(columns: 40, rows: 12, aspectRatio: 16.0 / 9, cornerRadius: 3)
        for y in 0..<layout.pixelHeight {
            for x in 0..<layout.pixelWidth {
                #expect(layout.isInside(x: x, y: y) == layout.corners.contains(x: Double(x) + 0.5, y: (Double(y) + 0.5) / 2))
            }
        }
    }

    @Test("a moved layout keeps its sizes and shape")
    func moved() {
        let layout = PosterLayout(columns: 80, rows: 24, aspectRatio: 16.0 / 9)
        let moved = layout.moved(columns: 2, rows: -1)
        #expect(moved.frame == Rect(x: 2, y: -1, width: 80, height: 23))
        #expect(moved.playButton == Rect(x: 34, y: 6, width: 16, height: 8))
        #expect(moved.closeButton.x == layout.closeButton.x + 2)
        #expect(moved.corners == layout.corners)
    }
}
