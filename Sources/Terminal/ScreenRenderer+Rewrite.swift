import Drawing

extension ScreenRenderer {
    /// A cell no canvas holds (a control character, which every text drawn goes through the
    /// ``Sanitizer`` to lose), put in the model where the terminal's cell is no longer known: the
    /// next frame writes it whatever it holds.
    static let unknownCell = Cell(symbol: CellSymbol("\u{1}"), fg: .black, bg: .black, style: [])

    /// The bytes that write again, exactly, the cells of `canvas` (the frame just rendered) at
    /// `indices`, without synchronized-update markers, leaving the frame's figures (tolerance,
    /// cells written) as the frame set them but for the cells added.
    ///
    /// For a terminal that paints an image over cells written before it (mlterm paints a
    /// sixel's transparent pixels in the background colour, and its iTerm2 images are opaque):
    /// the text in the image's holes is written again after the image.
    public mutating func rewrite(_ indices: [Int], of canvas: Canvas) -> [UInt8] {
        guard !indices.isEmpty, canvas.width == width, canvas.height == height else { return [] }
        for i in indices where i >= 0 && i < written.count { written[i] = ScreenRenderer.unknownCell }
        let (floor, frameTolerance, frameCells, changed) = (tolerance, lastFrameTolerance, lastFrameCellsWritten, lastFrameChanged)
        let (kept, cap, over, cut, resume, rewriting) = (budget, frameCap, lastFrameOverCap, lastFrameCut, resumeRow, isRewriting)
        tolerance = 0
        budget = nil
        frameCap = nil
        defer {
            tolerance = floor
            budget = kept
            frameCap = cap
            (lastFrameOverCap, lastFrameCut, resumeRow, isRewriting) = (over, cut, resume, rewriting)
            lastFrameTolerance = frameTolerance
        }
        var bytes: [UInt8] = []
        render(canvas, into: &bytes)
        lastFrameCellsWritten = frameCells + lastFrameCellsWritten
        lastFrameChanged = changed || lastFrameChanged
        guard bytes.count >= ScreenRenderer.beginSync.count + ScreenRenderer.endSync.count else { return [] }
        return Array(bytes[ScreenRenderer.beginSync.count..<(bytes.count - ScreenRenderer.endSync.count)])
    }
}

extension ScreenRenderer {
    /// Forgets where the cursor is (something else moved it): the next move is absolute.
    public mutating func forgetCursor() {
        cursorRow = nil
        cursorColumn = nil
    }

    /// Forgets the terminal's pen (something else was drawn since it was set): the next cell
    /// sets its colours and attributes in full, from a reset.
    public mutating func forgetPen() {
        pen = nil
    }
}
