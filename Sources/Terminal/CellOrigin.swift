/// A cell's place on the terminal, counted from 0: where a pane's top-left cell is in the client.
public struct CellOrigin: Sendable, Hashable {
    public var column: Int
    public var row: Int

    /// The top-left cell of the terminal.
    public static let zero = CellOrigin(column: 0, row: 0)
}
