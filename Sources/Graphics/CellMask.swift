import Drawing
import Terminal

/// The cells of an image's rectangle that are cut out of the picture: where the terminal must
/// show the cell (text, or a background of its own) rather than the image.
struct CellMask: Sendable, Equatable {
    /// The rectangle's size in cells.
    let columns: Int
    let rows: Int
    /// A cell's size in pixels.
    let cellWidth: Int
    let cellHeight: Int
    /// Whether each cell is cut out, row by row.
    private(set) var holes: [Bool]
    /// Whether any cell is.
    private(set) var hasHoles = false

    /// A mask with no holes.
    init(columns: Int, rows: Int, cellWidth: Int, cellHeight: Int) {
        self.columns = columns
        self.rows = rows
        self.cellWidth = max(cellWidth, 1)
        self.cellHeight = max(cellHeight, 1)
        holes = [Bool](repeating: false, count: columns * rows)
    }

    /// The mask of `image` on `canvas`: the cells under it that are not ``CellStyle/seeThrough``,
    /// those it leaves out itself (``CanvasImage/cutOut``), and those the images `above` it show.
    init(image: CanvasImage, canvas: Canvas, above: ArraySlice<CanvasImage> = []) {
        self.init(columns: image.rect.width, rows: image.rect.height, cellWidth: image.cellWidth, cellHeight: image.cellHeight)
        for row in 0..<rows {
            for column in 0..<columns {
                let cell = canvas.cells[(image.rect.y + row) * canvas.width + image.rect.x + column]
                if !cell.style.contains(.seeThrough) || image.cutOut?[row * columns + column] == true {
                    cut(column: column, row: row)
                }
            }
        }
        for upper in above {
            let overlap = upper.rect.intersection(image.rect)
            for y in overlap.y..<overlap.maxY {
                for x in overlap.x..<overlap.maxX where upper.covers(x: x, y: y) { cut(column: x - image.rect.x, row: y - image.rect.y) }
            }
        }
    }

    /// Marks the cell at (`column`, `row`) as cut out.
    mutating func cut(column: Int, row: Int) {
        holes[row * columns + column] = true
        hasHoles = true
    }

    /// The mask of `rows` rows from row `top`: a band of the image.
    func band(from top: Int, rows count: Int) -> CellMask {
        var band = CellMask(columns: columns, rows: count, cellWidth: cellWidth, cellHeight: cellHeight)
        for row in 0..<count {
            for column in 0..<columns where holes[(top + row) * columns + column] { band.cut(column: column, row: row) }
        }
        return band
    }

    /// Whether the cell at (`column`, `row`) is cut out.
    func isHole(column: Int, row: Int) -> Bool {
        holes[row * columns + column]
    }

    /// Whether the pixel at (`x`, `y`) of the image is in a hole.
    @inline(__always)
    func isHole(x: Int, y: Int) -> Bool {
        hasHoles && holes[(y / cellHeight) * columns + x / cellWidth]
    }

    /// Calls `body(start, end)` with each run of pixels in holes, as flat indices into an image
    /// `imageWidth` pixels wide, row by row.
    func forEachHolePixelRun(imageWidth: Int, _ body: (Int, Int) -> Void) {
        guard hasHoles else { return }
        for y in 0..<(rows * cellHeight) {
            let cellRow = (y / cellHeight) * columns
            var column = 0
            while column < columns {
                guard holes[cellRow + column] else {
                    column += 1
                    continue
                }
                let first = column
                while column < columns && holes[cellRow + column] { column += 1 }
                body(y * imageWidth + first * cellWidth, y * imageWidth + min(column * cellWidth, imageWidth))
            }
        }
    }
}
