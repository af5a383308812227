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

    /// The status question (`status`) or the attributes question as this renderer writes it: as
    /// it is, or inside tmux in a passthrough to tmux's client (``questionsThroughTmux``), whose
    /// answer comes once the client's terminal has read the screen, where tmux's own answer would
    /// come at once however far behind its client is.
    public func question(status: Bool) -> [UInt8] {
        let question = status ? FrameRenderer.statusQuestion : FrameRenderer.attributesQuestion
        return questionsThroughTmux ? TmuxPassthrough.wrapped(question) : question
    }
}
