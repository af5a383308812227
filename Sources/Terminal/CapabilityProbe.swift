import Drawing

/// The start-up questions to the terminal, and what its answers mean: a pure state machine.
///
/// ``query(sharedMemoryName:)`` asks, in this order: kitty's graphics protocol (a query action
/// with a one-pixel image, through shared memory and directly), XTSMGRAPHICS (the colour
/// registers in use and at most, the largest sixel image), the cell and text-area size in pixels
/// (`CSI 16 t`, `CSI 14 t`), synchronized output (DECRQM 2026), the terminal's name and version
/// (XTVERSION, `CSI > q`), a status report (`CSI 5 n`: a terminal that answers it has its
/// screens paced by ``LinkPacer``), and last primary device attributes (DA1). Terminals answer in order and every one answers DA1, so its reply ends the
/// probe; questions a terminal does not know go unanswered (xterm never answers `CSI 14 t` or
/// `CSI 16 t` by default). A terminal that answers nothing is given up on by the caller's timer.
public struct CapabilityProbe: Sendable {
    /// The image id of the shared-memory query.
    public static let sharedMemoryQueryID = 7_301
    /// The image id of the direct query.
    public static let directQueryID = 7_302

    /// What the answers so far say.
    public private(set) var capabilities = TerminalCapabilities()
    /// Whether DA1 has answered: nothing more will come.
    public private(set) var isComplete = false
    /// How many XTSMGRAPHICS colour-register answers came (the first is the current count, the
    /// second the maximum).
    private var registerAnswers = 0

    /// Whether the questions went to tmux's client's terminal through passthrough, after tmux's
    /// own DA1 (``query(sharedMemoryName:throughTmux:)``): the first DA1 answer is tmux's.
    public let throughTmux: Bool

    /// Creates a probe with no answers yet, of the terminal itself or, `throughTmux`, of the
    /// terminal behind tmux.
    public init(throughTmux: Bool = false) {
        self.throughTmux = throughTmux
    }

    /// The bytes that ask everything; `sharedMemoryName` names a one-pixel shared-memory object
    /// for kitty to read (nil skips that question).
    ///
    /// `throughTmux`, tmux is asked its version, synchronized output and DA1 (which it answers
    /// itself, at once), and the graphics questions, the cell size, the status report (tmux
    /// would answer it itself, at once, however far behind its client is) and a second DA1 go in one
    /// passthrough to its client's terminal, which answers them in order through tmux: that DA1
    /// ends the probe.
    public static func query(sharedMemoryName: String?, throughTmux: Bool = false) -> [UInt8] {
        var graphics: [UInt8] = []
        if let sharedMemoryName {
            graphics += kittyQuery(id: sharedMemoryQueryID, sharedMemoryName: sharedMemoryName)
        }
        graphics += kittyQuery(id: directQueryID)
        graphics += Array("\u{1B}[?1;1;0S\u{1B}[?1;4;0S\u{1B}[?2;4;0S\u{1B}[16t\u{1B}[14t".utf8)
        let status = Array("\u{1B}[5n".utf8)
        let own = Array("\u{1B}[?2026$p\u{1B}[>q".utf8)
        let last = Array("\u{1B}[c".utf8)
        guard throughTmux else { return graphics + own + status + last }
        return own + last + TmuxPassthrough.wrapped(graphics + status + last)
    }

    /// kitty's graphics query, which loads nothing and shows nothing: a one-pixel image sent
    /// directly (`t=d`), or in the shared-memory object `sharedMemoryName` (`t=s`, which only a
    /// terminal on this machine can read). kitty answers `OK` (or an error) for image `id`. (The
    /// commands that show pictures are Graphics' `KittyGraphics`.)
    static func kittyQuery(id: Int, sharedMemoryName: String? = nil) -> [UInt8] {
        let (keys, payload) = sharedMemoryName.map { ("a=q,i=\(id),s=1,v=1,f=24,t=s,S=3", Array($0.utf8)) }
            ?? ("a=q,i=\(id),s=1,v=1,f=24,t=d", [0, 0, 0])
        return Array("\u{1B}_G\(keys);".utf8) + Base64.encode(payload) + [0x1B, 0x5C]
    }

    /// Takes one reply into account.
    public mutating func receive(_ reply: TerminalReply) {
        switch reply {
        case .deviceAttributes(let attributes) where throughTmux && capabilities.multiplexerAttributes == nil:
            capabilities.multiplexerAttributes = attributes
        case .deviceAttributes(let attributes):
            capabilities.answered = true
            capabilities.deviceAttributes = attributes
            capabilities.sixel = attributes.dropFirst().contains(4)
            isComplete = true
        case .kittyGraphics(let image, _, _):
            let ok = reply.isKittyOK
            if image == CapabilityProbe.sharedMemoryQueryID { capabilities.kittySharedMemory = ok }
            if image == CapabilityProbe.directQueryID { capabilities.kittyGraphics = ok }
        case .graphicsAttribute(let item, let status, let values):
            guard status == 0 else { return }
            if item == 1, let count = values.first, count > 0 {
                registerAnswers += 1
                if registerAnswers == 1 { capabilities.colorRegisters = count } else { capabilities.maxColorRegisters = count }
            } else if item == 2, values.count >= 2, values[0] > 0, values[1] > 0 {
                capabilities.sixelMaxSize = PixelSize(width: values[0], height: values[1])
            }
        case .windowSize(let kind, let height, let width):
            guard height > 0, width > 0 else { return }
            if kind == 6 { capabilities.cellSize = PixelSize(width: width, height: height) }
            if kind == 4 { capabilities.textAreaSize = PixelSize(width: width, height: height) }
        case .modeReport(let mode, let state):
            if mode == 2026 { capabilities.synchronizedOutput = state == 1 || state == 2 }
        case .terminalVersion(let text):
            capabilities.terminalVersion = text
        case .status:
            capabilities.answersStatus = true
        }
    }
}
