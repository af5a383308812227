extension ScreenRenderer {
    /// How the renderer spends a colour tolerance *t* (see ``ScreenRenderer/tolerance``): which
    /// share of it goes to each way of saving bytes, and how the share of a cell grows with the
    /// detail around it and with time.
    ///
    /// The defaults were chosen with scripts/bench's offline rate–distortion runs on every class of
    /// clip (docs/benchmarks.md).
    public struct LossyPolicy: Sendable, Equatable {
        /// The largest change of a cell, as a share of *t*, that is left unwritten.
        public var skipShare: Double
        /// How far from the pen's colour, as a share of *t*, a colour may be and still be written
        /// in the pen's colour.
        public var penShare: Double
        /// The largest error of a blank written for a block of two close colours, as a share of
        /// *t* (the blank takes the colour between them, so the block's colours may be twice
        /// that apart), but at least ``blankMinimum`` levels (or *t*, if less).
        public var blankShare: Double
        /// The blank's error allowed even when its share of *t* is less: a blank is cheap, and all
        /// but free on a smooth gradient, where two or three levels do not show.
        public var blankMinimum: Int
        /// The most levels the skip and pen allowances reach in a cell with no detail around it,
        /// whatever the tolerance: a smooth area shows every error, so it stays close to the
        /// canvas, and a high tolerance is spent only on detail.
        public var smoothCap: Int
        /// Masking: each level of local contrast around a cell above ``detailFloor`` (see
        /// `localContrast`) raises the cell's skip and pen allowances above ``smoothCap`` by this
        /// many levels, up to their shares of the tolerance: texture hides a small error.
        public var detailGain: Double
        /// Contrast up to this many levels counts as none: a smooth area's grain and gentle
        /// gradients do not raise its allowances, only texture does.
        public var detailFloor: Int
        /// Temporal hysteresis: a change above the skip allowance but within this multiple of it
        /// is left unwritten for one frame, and written only if it is still there in the next.
        /// Grain, which comes and goes from frame to frame, then rarely rewrites a cell. 1 turns
        /// it off.
        public var hysteresis: Double

        /// A policy; the defaults are reel's.
        public init(skipShare: Double = 0.5, penShare: Double = 0.75, blankShare: Double = 0.5, blankMinimum: Int = 2,
                    smoothCap: Int = 4, detailGain: Double = 1, detailFloor: Int = 4, hysteresis: Double = 1) {
            self.skipShare = skipShare
            self.penShare = penShare
            self.blankShare = blankShare
            self.blankMinimum = blankMinimum
            self.smoothCap = smoothCap
            self.detailGain = detailGain
            self.detailFloor = detailFloor
            self.hysteresis = hysteresis
        }
    }

    /// The policy turned into integer levels for one frame's tolerance, so that the per-cell path
    /// does no floating-point work: CBlitter's `reel_allowances`, with which `reel_render_row`
    /// judges each cell (and raises a cell's skip and pen allowances by the detail around it).
    struct Allowances: Sendable, Equatable {
        /// The tolerance *t* of the frame.
        var tolerance = 0
        /// The largest change left unwritten in a cell with no detail around it.
        var skip = 0
        /// The largest distance from the pen's colour reused in a cell with no detail around it.
        var pen = 0
        /// The most detail raises ``skip`` to: its share of the tolerance.
        var skipMost = 0
        /// The most detail raises ``pen`` to.
        var penMost = 0
        /// The largest difference between a block's two colours for it to be written as a blank.
        var blankSpread = -1
        /// The level the allowances start from in a cell with detail.
        var smoothCap = 0
        /// Detail's gain, in 1/16 of a level per level of contrast.
        var detailGain16 = 0
        /// Contrast that counts as none.
        var detailFloor = 0
        /// The hysteresis, in 1/16ths.
        var hysteresis16 = 16

        init() {}

        init(tolerance t: UInt8, policy: LossyPolicy) {
            let t = Double(t)
            tolerance = Int(t)
            penMost = Int((t * policy.penShare).rounded(.down))
            // A cell written in the pen's colour must not count as changed in the next frame, or
            // a still picture would be written again and again: the skip allowance is at least
            // the pen's.
            skipMost = max(Int((t * policy.skipShare).rounded(.down)), penMost)
            smoothCap = max(policy.smoothCap, 0)
            skip = min(skipMost, smoothCap)
            pen = min(penMost, smoothCap)
            let blank = max(Int((t * policy.blankShare).rounded(.down)), min(Int(t), max(policy.blankMinimum, 0)))
            blankSpread = 2 * blank - 1
            detailGain16 = Int((max(policy.detailGain, 0) * 16).rounded())
            detailFloor = max(policy.detailFloor, 0)
            hysteresis16 = Int((max(policy.hysteresis, 1) * 16).rounded())
        }

        /// Whether detail changes anything.
        var masks: Bool { detailGain16 > 0 && (skipMost > skip || penMost > pen) }
    }
}
