import Drawing

/// What the terminal can show, as the start-up probe (``CapabilityProbe``) found it.
public struct TerminalCapabilities: Sendable, Equatable {
    /// The terminal answered DA1 before the probe gave up: it answers questions at all.
    public var answered = false
    /// The terminal answered the status report (`CSI 5 n`) before DA1: its screens can be paced
    /// to its answers (inside tmux, the answer of tmux's client's terminal, through passthrough).
    public var answersStatus = false
    /// kitty's graphics protocol answered `OK` to a query with data in the escape code.
    public var kittyGraphics = false
    /// kitty's graphics protocol read a query's data from shared memory: the terminal runs on
    /// this machine, so frames can go that way instead of through the tty.
    public var kittySharedMemory = false
    /// DA1 lists attribute 4, sixel graphics.
    public var sixel = false
    /// The terminal's DA1 attributes, as it sent them (the first is its class).
    public var deviceAttributes: [Int] = []
    /// XTSMGRAPHICS: the colour registers in use for sixel images.
    public var colorRegisters: Int?
    /// XTSMGRAPHICS: the most colour registers the terminal allows.
    public var maxColorRegisters: Int?
    /// XTSMGRAPHICS: the largest sixel image the terminal shows.
    public var sixelMaxSize: PixelSize?
    /// The size of one cell in pixels, from `CSI 16 t`.
    public var cellSize: PixelSize?
    /// The size of the text area in pixels, from `CSI 14 t`.
    public var textAreaSize: PixelSize?
    /// Whether the terminal has synchronized output (mode 2026), when it said.
    public var synchronizedOutput: Bool?
    /// The terminal's name and version in its own words, from XTVERSION (`kitty(0.26.5)`,
    /// `XTerm(379)`; `tmux 3.3a` from inside tmux), when it answered. ``TerminalVersion`` reads it.
    public var terminalVersion: String?
    /// Inside tmux, tmux's own DA1 attributes (the other answers are those of its client's
    /// terminal, asked through passthrough); nil outside it, or when tmux did not answer.
    public var multiplexerAttributes: [Int]?

    /// Whether tmux draws sixel itself: its DA1 lists 4 (tmux ≥ 3.4 built with sixel says `?1;2;4c`).
    public var multiplexerSixel: Bool { multiplexerAttributes?.dropFirst().contains(4) == true }

    /// Creates capabilities with nothing known.
    public init() {}

    /// The size of one cell in pixels on a terminal of `size`: from `CSI 16 t` when the terminal
    /// answered it, else from the window's pixel size (`TIOCGWINSZ`, whose width may include a
    /// border of a few pixels, hence rounded down), else from `CSI 14 t`; nil when nothing says.
    public func cellPixelSize(for size: TerminalSize) -> PixelSize? {
        if let cellSize, cellSize.width > 0, cellSize.height > 0 { return cellSize }
        guard size.columns > 0, size.rows > 0 else { return nil }
        if let cell = size.cellPixels { return cell }
        if let area = textAreaSize, area.width >= size.columns, area.height >= size.rows {
            return PixelSize(width: area.width / size.columns, height: area.height / size.rows)
        }
        return nil
    }
}
