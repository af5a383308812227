import Terminal

/// The questions written after a screen, whose answers say that the terminal has read it
/// (the loop's `LinkPacer` waits for them).
extension FrameRenderer {
    /// A device status report, `CSI 5 n`: every terminal answers `CSI 0 n` once it has read
    /// everything before it (``TerminalReply/status(_:)``).
    public static let statusQuestion: [UInt8] = Array("\u{1B}[5n".utf8)
    /// Primary device attributes, `CSI c`: the question asked again, alone, when an answer is
    /// late, told apart from the status question by its answer (``TerminalReply/deviceAttributes(_:)``).
    public static let attributesQuestion: [UInt8] = Array("\u{1B}[c".utf8)
    /// The scroll region set to the whole screen (DECSTBM, `CSI r`), written before a question
    /// through tmux's passthrough. tmux collects the cells it reads from a pane and writes them
    /// to its client at the end of each read, or at one of a few sequences such as this one, but
    /// a passthrough at once: without it the question went out ahead of the cells read with it
    /// (tmux 3.3a and 3.5a: a row or more of a screen), and its answer came before they had
    /// crossed the link. It moves the cursor to the top left, and reel sets no scroll region.
    static let tmuxFlush: [UInt8] = Array("\u{1B}[r".utf8)

    /// The status question (`status`) or the attributes question as this renderer writes it: as
    /// it is, or inside tmux in a passthrough to tmux's client (``questionsThroughTmux``), whose
    /// answer comes once the client's terminal has read the screen, where tmux's own answer would
    /// come at once however far behind its client is; after ``tmuxFlush``, so that the cells
    /// before it go first (the renderer forgets where the cursor is).
    public mutating func question(status: Bool) -> [UInt8] {
        let question = status ? FrameRenderer.statusQuestion : FrameRenderer.attributesQuestion
        guard questionsThroughTmux else { return question }
        cells.forgetCursor()
        return FrameRenderer.tmuxFlush + TmuxPassthrough.wrapped(question)
    }
}
