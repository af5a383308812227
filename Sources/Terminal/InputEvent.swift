/// One thing the user did, decoded from the terminal's input bytes by ``InputDecoder``.
public enum InputEvent: Sendable, Hashable {
    /// A key press.
    case key(KeyEvent)
    /// A mouse button, motion or wheel event (SGR mouse reporting).
    case mouse(MouseEvent)
    /// Text pasted with bracketed paste, at most ``InputDecoder/maxPasteBytes`` of it. It is raw:
    /// sanitise it before drawing.
    case paste(String)
    /// The terminal window gained (`true`) or lost (`false`) focus.
    case focus(Bool)
    /// The terminal answered a question (a capability probe, an image's acknowledgement): for the
    /// terminal layer, never for key handlers.
    case reply(TerminalReply)
}
