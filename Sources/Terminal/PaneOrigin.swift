/// The top-left cell of reel's pane in the terminal of a client of tmux, counted from 0: where
/// an image placed through tmux's passthrough (which tmux does not move) must go.
public struct PaneOrigin: Sendable, Equatable {
    public var column: Int
    public var row: Int

    /// The cell at `column`, `row`.
    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }
}
