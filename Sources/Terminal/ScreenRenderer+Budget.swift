import CBlitter
import Drawing

extension ScreenRenderer {
    /// A byte budget that sets each frame's colour tolerance: rate control for the terminal.
    ///
    /// Each frame may write ``share`` of what a plain full redraw of its picture would cost (see
    /// ``redrawCost(of:)``). After each frame the tolerance moves by ``gain`` levels for each
    /// budget's worth the frame wrote over its budget (at most two a frame), or down by the share
    /// of its budget it left unspent: an integral controller, which over a scene writes what the
    /// budget allows on average. So a picture that changes little (a dark scene, flat animation)
    /// stays at the renderer's own ``ScreenRenderer/tolerance`` (the floor), nearly exact, and one
    /// that changes everywhere (a whip pan) settles at the tolerance that writes its budget. The
    /// tolerance moves by about a level a frame, so it stays steady from frame to frame, which buys
    /// more fidelity for the same bytes than one that jumps about; and it starts at the floor, so
    /// playback starts exact. It never passes ``ceiling``, so the error on screen stays bounded
    /// whatever the budget.
    ///
    /// A share of the redraw cost, rather than so many bytes a cell, keeps the budget in step
    /// with the picture: a bright picture's colours take more digits to write, and a letterbox bar
    /// (a black blank) costs, and so earns, nothing. A full redraw (the first frame, after a
    /// resize) does not count: it is not the picture's doing. Nor does a frame whose cells are
    /// the last one's (the loop drawing again for something else): it is no frame of the video.
    public struct ByteBudget: Sendable, Equatable {
        /// The share of a plain full redraw's bytes a frame may write on average.
        public var share: Double
        /// How many levels the tolerance moves for a frame that writes twice its budget (or none
        /// of it, downwards).
        public var gain: Double
        /// The highest tolerance the budget raises a frame's to.
        public var ceiling: UInt8
        /// How far above the floor the budget has raised the tolerance, in levels (fractional).
        private(set) var raise = 0.0

        /// reel's budget: 33.8 % of a plain full redraw, about a third of mpv's terminal output
        /// (which writes both colours of every cell, in two sequences), moving the tolerance a
        /// level a frame for each budget's worth over, up to 24. scripts/bench chose it
        /// (docs/benchmarks.md).
        public static let reel = ByteBudget(share: 0.338)

        /// A budget of `share` of a plain full redraw a frame, moving the tolerance by up to
        /// `gain` levels a frame, up to `ceiling`.
        public init(share: Double, gain: Double = 1, ceiling: UInt8 = 24) {
            self.share = max(share, 0)
            self.gain = max(gain, 0)
            self.ceiling = ceiling
        }

        /// The tolerance for the next frame: at least `floor`, at most the ceiling.
        func tolerance(floor: UInt8) -> UInt8 {
            guard ceiling > floor else { return floor }
            return floor + UInt8(min(raise.rounded(), Double(ceiling - floor)))
        }

        /// A frame whose plain full redraw costs `cost` bytes wrote `bytes`; the tolerance's
        /// range above `floor` is what the raise is kept within. A `cap` (the link's) lowers
        /// the budget to it, so that the tolerance settles where the frames fit the link.
        mutating func spend(_ bytes: Int, cost: Int, floor: UInt8, cap: Int? = nil) {
            let budget = min(share * Double(cost), cap.map(Double.init) ?? .infinity)
            guard budget > 0 else { return }
            let over = min(max((Double(bytes) - budget) / budget, -1), 2)
            raise = min(max(raise + gain * over, 0), Double(ceiling > floor ? ceiling - floor : 0))
        }
    }

    /// The bytes a plain full redraw of `canvas` would take: every cell with a fresh sequence of
    /// both its colours and its symbol (`ESC[38;2;r;g;b;48;2;r;g;bm▀`), as a terminal player
    /// without a diff writes every frame, leaving out black blanks, which such a player need not
    /// write: what a frame of the picture is worth.
    static func redrawCost(of canvas: Canvas) -> Int {
        let black = Cell.blank(.black)
        var total = 0
        canvas.cells.withUnsafeBufferPointer { cells in
            @inline(__always) func length(_ c: RGB) -> Int {
                Int(reel_decimal_digits(c.r) & 0xFF) &+ Int(reel_decimal_digits(c.g) & 0xFF)
                    &+ Int(reel_decimal_digits(c.b) & 0xFF)
            }
            for cell in cells where cell != black {
                // `ESC[38;2;` `;;` `;48;2;` `;;` `m` and `▀`: 21 bytes besides the digits.
                total &+= 21 &+ length(cell.showsForeground ? cell.fg : cell.bg) &+ length(cell.bg)
            }
        }
        return total
    }
}
