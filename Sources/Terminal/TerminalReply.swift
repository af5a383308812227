/// Something the terminal said in answer to a question reel asked it (the start-up probe,
/// kitty's acknowledgement of an image, the status question after a screen): decoded by
/// ``InputDecoder`` as ``InputEvent/reply(_:)``, and never a key.
public enum TerminalReply: Sendable, Hashable {
    /// Primary device attributes (DA1), `CSI ? class ; attribute … c`: the terminal's class, then
    /// what it has (4 is sixel graphics). Every terminal answers DA1, and in order, so this ends
    /// a probe.
    case deviceAttributes([Int])
    /// kitty's graphics protocol, `ESC _ G key=value,… ; message ESC \`: the image (`i`) and
    /// placement (`p`) the answer is about, and `OK` or an error such as `ENOENT:…` (printable
    /// ASCII only, at most ``InputDecoder/maxReplyMessageLength`` characters).
    case kittyGraphics(image: Int?, placement: Int?, message: String)
    /// XTSMGRAPHICS, `CSI ? item ; status ; value… S`: item 1 is the number of colour registers,
    /// item 2 the sixel geometry (width ; height); status 0 is success.
    case graphicsAttribute(item: Int, status: Int, values: [Int])
    /// A window report, `CSI kind ; height ; width t`: kind 4 is the text area in pixels (the
    /// answer to `CSI 14 t`), 6 a cell in pixels (`CSI 16 t`), 8 the text area in cells.
    case windowSize(kind: Int, height: Int, width: Int)
    /// DECRPM, `CSI ? mode ; state $ y`: 1 set, 2 reset, 0 unknown mode (as for
    /// synchronized output, 2026, on a terminal without it).
    case modeReport(mode: Int, state: Int)
    /// XTVERSION, `DCS > | text ST`: the terminal's name and version in its own words, such as
    /// `kitty(0.26.5)`, `XTerm(379)`, `foot(1.13.1)`, `WezTerm 20230712-072601-f4abf8fd` or, from
    /// inside tmux, tmux's own `tmux 3.3a` (printable ASCII, at most
    /// ``InputDecoder/maxVersionLength`` characters; see ``TerminalVersion``).
    case terminalVersion(String)
    /// A device status report, `CSI status n`: 0 (ready, "no malfunction") or 3 (a malfunction),
    /// the answer to `CSI 5 n`. A terminal sends it once it has read everything written before
    /// the question, so reel writes one after each screen (``FrameRenderer/statusQuestion``).
    case status(Int)

    /// Whether this is kitty's `OK`.
    public var isKittyOK: Bool {
        if case .kittyGraphics(_, _, let message) = self { return message == "OK" }
        return false
    }
}
