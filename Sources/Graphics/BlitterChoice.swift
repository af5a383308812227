import Drawing
import Terminal

/// The one place that decides how pictures are drawn: as the terminal's pixels (kitty graphics,
/// sixel) or as cells, and with which cell blitter, from `--blitter`, `--graphics` and what the
/// terminal is known to draw.
///
/// The rules, in order:
/// 1. `--graphics=kitty` or `sixel` draws that protocol's pixels.
/// 2. `--graphics=blocks` draws cells.
/// 3. With `--graphics=auto`, a cell blitter named by `--blitter` (on the command line or in
///    reel.conf) draws cells, even where the terminal has pixels: the user chose it. Otherwise
///    the terminal's pixels where the start-up probe found them, else cells.
/// 4. Cells with `--blitter=auto` use the richest blitter the terminal is known to draw
///    (sextants where it is known to draw them, else quadrants); octants are only ever drawn
///    when asked for.
/// 5. Octants never go through tmux (tmux 3.3a drops U+1CD00 and others, shifting the rest of
///    the row): there quadrants are drawn instead, with a notice.
public struct BlitterChoice: Sendable, Equatable {
    /// What `--blitter` asks for.
    public enum Preference: String, Sendable, CaseIterable {
        /// The richest cell blitter the terminal is known to draw.
        case auto
        case half
        case quadrant
        case sextant
        case octant

        /// The blitter named, or nil for `auto`.
        public var blitter: FrameEncoder.Blitter? {
            switch self {
            case .auto: nil
            case .half: .half
            case .quadrant: .quadrant
            case .sextant: .sextant
            case .octant: .octant
            }
        }
    }

    /// Pixels, or ``GraphicsMode/blocks`` for cells.
    public var graphics: GraphicsMode
    /// The blitter that draws pictures: ``FrameEncoder/Blitter/pixels(width:height:)`` in a pixel mode.
    public var blitter: FrameEncoder.Blitter
    /// A line to show once the player is up, when the choice is not what was asked.
    public var notice: String?
    /// The cell blitter cells are drawn with here: ``blitter`` itself for cells, and in a pixel
    /// mode the one `auto` steps down to when the terminal cannot keep the video's frame rate.
    public var cells: FrameEncoder.Blitter

    /// The choice for `blitter` and `graphics` (the options), where `pixels` is what
    /// ``GraphicsMode/choose(_:capabilities:size:environment:)`` found for `graphics`, `richest`
    /// the richest cell blitter the terminal is known to draw (``FrameEncoder/Blitter/quadrant``
    /// when nothing is known), and `multiplexed` whether reel runs inside tmux or screen.
    public static func choose(blitter preference: Preference, graphics: GraphicsMode.Preference, pixels: GraphicsMode,
                              richest: FrameEncoder.Blitter, multiplexed: Bool) -> BlitterChoice {
        let pixelsWanted: Bool
        switch graphics {
        case .kitty, .sixel, .iterm2: pixelsWanted = true
        case .blocks: pixelsWanted = false
        case .auto: pixelsWanted = preference == .auto
        }
        var cells = preference.blitter ?? (richest == .octant ? .sextant : richest)
        var notice: String?
        if cells == .octant && multiplexed {
            cells = .quadrant
            notice = "Octants cannot be drawn through tmux or screen: quadrants instead"
        }
        if pixelsWanted, let cell = pixels.cell {
            return BlitterChoice(graphics: pixels, blitter: .pixels(width: cell.width, height: cell.height), cells: cells)
        }
        return BlitterChoice(graphics: .blocks, blitter: cells, notice: notice, cells: cells)
    }

    /// Whether the start-up probe's answers can change the choice: the terminal's pixels are
    /// wanted, or the cell blitter is `auto` outside a multiplexer (whose answers are its own).
    public static func needsProbe(blitter preference: Preference, graphics: GraphicsMode.Preference, multiplexed: Bool) -> Bool {
        switch graphics {
        case .kitty, .sixel, .iterm2: return true
        case .blocks: return preference == .auto && !multiplexed
        case .auto: return preference == .auto && !multiplexed
        }
    }

    /// A short name for `--stats`, the log and the help: `kitty-shm`, `sixel`, or the cell
    /// blitter (`half`, `quadrant`, `sextant`, `octant`).
    public var name: String {
        blitter.drawsCells ? blitter.name : graphics.name
    }
}
