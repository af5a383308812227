import Drawing

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
            TmuxPassthrough.wrapEach(sequences, cursor: cursor, into: &out)
        }
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
