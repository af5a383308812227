import Drawing
import Terminal

/// Sixel for Konsole, which has no see-through sixel pixels (its unset pixels take colour
/// register 0: a cut-out cell would show as a flat rectangle) and makes an image as tall as its
/// last band of six pixel rows (``sixelInPieces``).
extension GraphicsRenderer {
    /// The rectangles, in the cells of an image `holes.columns` × `holes.rows`, that cover every
    /// cell but the holes, top to bottom: each row's runs of cells between holes, a run joined
    /// with those below it over the same columns (a picture without holes is one piece).
    static func pieces(around holes: CellMask) -> [Rect] {
        var done: [Rect] = [], open: [Rect] = []
        for row in 0..<holes.rows {
            var next: [Rect] = []
            var column = 0
            while column < holes.columns {
                guard !holes.isHole(column: column, row: row) else {
                    column += 1
                    continue
                }
                let first = column
                while column < holes.columns, !holes.isHole(column: column, row: row) { column += 1 }
                if let index = open.firstIndex(where: { $0.x == first && $0.maxX == column }) {
                    var grown = open.remove(at: index)
                    grown.height += 1
                    next.append(grown)
                } else {
                    next.append(Rect(x: first, y: row, width: column - first, height: 1))
                }
            }
            done += open
            open = next
        }
        return (done + open).sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// Appends the sixel picture `pixels`, drawn at `rect` with `holes` cut out, as one image
    /// for each of ``pieces(around:)``, in one palette, top to bottom.
    ///
    /// Konsole erases the text under an image and in the column to its right, so each piece
    /// stops a cell short of the holes on its right (the cells left of holes are written again
    /// after the images, as the holes are: ``CellMask/withLeftMargins()``). It makes an image as
    /// tall as its last band of six pixel rows, so a piece whose height is not a multiple of 6
    /// reaches into the row below: there it erases the text and paints over the top of the row,
    /// and on the screen's last row it scrolls the screen. That is harmless where pieces that
    /// start on the row below cover it (they are drawn after it); elsewhere a piece ends in rows
    /// whose height is a multiple of 6 (``evenPieces(_:holes:)``), or, too short for that, goes
    /// a few pixel rows short.
    mutating func placeSixelPieces(_ pixels: PixelBuffer, holes: CellMask, at rect: Rect, into out: inout [UInt8]) {
        let margins = holes.withLeftMargins()
        let cells = Self.evenPieces(Self.pieces(around: margins), holes: margins)
        let regions = cells.map { piece -> Rect in
            var height = min(piece.height * holes.cellHeight, pixels.height - piece.y * holes.cellHeight)
            if !Self.isCoveredBelow(piece, by: cells, holes: margins), height > 6 { height -= height % 6 }
            let x = piece.x * holes.cellWidth
            return Rect(x: x, y: piece.y * holes.cellHeight, width: min(piece.width * holes.cellWidth, pixels.width - x), height: height)
        }
        guard let sequences = sixel?.encode(pixels, holes: holes.hasHoles ? holes : nil, pieces: regions) else { return }
        for (piece, sequence) in zip(cells, sequences) where !sequence.isEmpty {
            place(sequence, at: Rect(x: rect.x + piece.x, y: rect.y + piece.y, width: piece.width, height: piece.height), into: &out)
        }
    }

    /// Whether pieces among `pieces` that start on the row below `piece` cover all of its columns
    /// there, and the cell right of them there is no hole of `holes` (never below its last row).
    static func isCoveredBelow(_ piece: Rect, by pieces: [Rect], holes: CellMask) -> Bool {
        guard piece.maxY < holes.rows else { return false }
        if piece.maxX < holes.columns, holes.isHole(column: piece.maxX, row: piece.maxY) { return false }
        return (piece.x..<piece.maxX).allSatisfy { column in
            pieces.contains { $0.y == piece.maxY && $0.x <= column && column < $0.maxX }
        }
    }

    /// `pieces` with each one that nothing covers below it, where it can, split so that its
    /// lower part is a whole number of six-pixel bands tall (rows of `holes.cellHeight` pixels):
    /// the upper part then reaches only into the lower, drawn after it.
    static func evenPieces(_ pieces: [Rect], holes: CellMask) -> [Rect] {
        let step = (1...6).first { ($0 * holes.cellHeight) % 6 == 0 } ?? 6
        var split: [Rect] = []
        for piece in pieces {
            guard piece.height > step, piece.height % step != 0, !isCoveredBelow(piece, by: pieces, holes: holes) else {
                split.append(piece)
                continue
            }
            let lower = piece.height - piece.height % step
            split.append(Rect(x: piece.x, y: piece.y, width: piece.width, height: piece.height - lower))
            split.append(Rect(x: piece.x, y: piece.maxY - lower, width: piece.width, height: lower))
        }
        return split.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// The half-block cell that shows cell (`column`, `row`) of `image`: the mean of its upper
    /// half's pixels over the mean of its lower half's.
    static func halfBlock(_ image: CanvasImage, column: Int, row: Int) -> Cell {
        let top = image.pixels.mean(of: Rect(x: column * image.cellWidth, y: row * image.cellHeight,
                                             width: image.cellWidth, height: image.cellHeight / 2))
        let bottom = image.pixels.mean(of: Rect(x: column * image.cellWidth, y: row * image.cellHeight + image.cellHeight / 2,
                                                width: image.cellWidth, height: image.cellHeight - image.cellHeight / 2))
        return FrameEncoder.halfCell(top, bottom)
    }
}

extension CellMask {
    /// The mask with the cell left of each hole cut out too: Konsole erases the column right of a
    /// sixel image, so no piece may end next to a hole (``GraphicsRenderer/placeSixelPieces(_:holes:at:into:)``).
    func withLeftMargins() -> CellMask {
        var mask = self
        for row in 0..<rows {
            for column in stride(from: 1, to: columns, by: 1) where isHole(column: column, row: row) { mask.cut(column: column - 1, row: row) }
        }
        return mask
    }
}
