import Drawing
import Terminal

extension GraphicsRenderer {
    /// Appends `sequences` (an image's commands: kitty's chunks, or one sixel) to draw from the
    /// top-left cell of `rect`: after a cursor move on the terminal itself and inside tmux's own
    /// sixel, or inside tmux's passthrough each in a passthrough of its own that moves the cursor
    /// from ``origin`` and puts it back (``TmuxPassthrough/wrapEach(_:cursor:into:)``).
    func place(_ sequences: [UInt8], at rect: Rect, into out: inout [UInt8]) {
        switch mode.route {
        case .direct, .tmuxNative:
            out += GraphicsRenderer.cursorMove(row: rect.y, column: rect.x)
            out += sequences
        case .tmuxPassthrough:
            let cursor = GraphicsRenderer.cursorMove(row: origin.row + rect.y, column: origin.column + rect.x)
            TmuxPassthrough.wrapEach(sequences, cursor: cursor, limit: passthroughLimit, into: &out)
        }
    }

    /// Appends a sixel image of `pixels`, with `holes` cut out, to draw from the top-left cell of
    /// `rect` (``placeInBands(_:holes:at:into:encode:)``).
    /// In pieces around the holes where the terminal needs them (``sixelInPieces``).
    mutating func placeSixel(_ pixels: PixelBuffer, holes: CellMask, at rect: Rect, into out: inout [UInt8]) {
        if sixelInPieces { return placeSixelPieces(pixels, holes: holes, at: rect, into: &out) }
        placeInBands(pixels, holes: holes, at: rect, into: &out) { renderer, pixels, holes, _ in
            var sequence: [UInt8] = []
            renderer.sixel?.encode(pixels, holes: holes.hasHoles ? holes : nil, into: &sequence)
            return sequence
        }
    }

    /// Appends the image of `pixels`, with `holes` cut out, that `encode` makes (given the pixels,
    /// their holes and the cells they cover), to draw from the top-left cell of `rect`
    /// (``place(_:at:into:)``). Through passthrough an image too large for one (tmux drops it
    /// whole) goes as bands of whole cell rows, each an image of its own, each about half the
    /// limit; a band of one row still too large is left out.
    mutating func placeInBands(_ pixels: PixelBuffer, holes: CellMask, at rect: Rect, into out: inout [UInt8],
                               encode: (inout GraphicsRenderer, PixelBuffer, CellMask, Rect) -> [UInt8]) {
        let sequence = encode(&self, pixels, holes, rect)
        let room = passthroughLimit - 64
        guard mode.route == .tmuxPassthrough, sequence.count > room, rect.height > 1 else {
            place(sequence, at: rect, into: &out)
            return
        }
        let bands = min(rect.height, sequence.count / (room / 2) + 1)
        let rowsPerBand = (rect.height + bands - 1) / bands
        for top in stride(from: 0, to: rect.height, by: rowsPerBand) {
            let rows = min(rowsPerBand, rect.height - top)
            let band = pixels.cropped(to: Rect(x: 0, y: top * holes.cellHeight, width: pixels.width, height: rows * holes.cellHeight))
            let bandHoles = holes.band(from: top, rows: rows)
            let bandRect = Rect(x: rect.x, y: rect.y + top, width: rect.width, height: rows)
            place(encode(&self, band, bandHoles, bandRect), at: bandRect, into: &out)
        }
    }

    /// Appends `sequences` (kitty's chunked commands) that need no cursor (a virtual
    /// placement's image, shown by placeholder cells): as they are, or each in a passthrough of
    /// its own.
    func sendUnplaced(_ sequences: [UInt8], into out: inout [UInt8]) {
        guard mode.route == .tmuxPassthrough else {
            out += sequences
            return
        }
        TmuxPassthrough.wrapEach(sequences, limit: passthroughLimit, into: &out)
    }

    /// A command that places nothing (a delete, an acknowledgement's question) as its route
    /// carries it: as it is, or in a passthrough of its own.
    func command(_ sequence: [UInt8]) -> [UInt8] {
        mode.route == .tmuxPassthrough ? TmuxPassthrough.wrapped(sequence) : sequence
    }

    /// `CUP` to the cell at `row`, `column` (counted from 0).
    static func cursorMove(row: Int, column: Int) -> [UInt8] {
        Array("\u{1B}[\(row + 1);\(column + 1)H".utf8)
    }
}

extension GraphicsRenderer {
    /// Adds the cells of `holes`, an image placed at `rect` on a canvas `canvasWidth` cells wide,
    /// to ``cellsToRewrite``; none where tmux draws the sixel itself (``GraphicsMode/Route/tmuxNative``),
    /// which deletes an image when text is written on any cell of it.
    mutating func noteHoles(_ holes: CellMask, at rect: Rect, canvasWidth: Int) {
        guard holes.hasHoles, mode.route != .tmuxNative else { return }
        let holes = sixelInPieces ? holes.withLeftMargins() : holes  // (the cells Konsole erases beside them)
        for row in 0..<holes.rows {
            for column in 0..<holes.columns where holes.isHole(column: column, row: row) {
                cellsToRewrite.append((rect.y + row) * canvasWidth + rect.x + column)
            }
        }
    }
}
