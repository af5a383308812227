import Drawing

extension ScreenRenderer {
    /// Whether a colour tolerance is in force for the frame being rendered: truecolor output
    /// with a frame tolerance above 0 (the renderer's ``tolerance``, or higher when a
    /// ``budget`` raises it).
    ///
    /// Then the renderer may leave on screen colours that differ a little from the canvas's, and
    /// spends that room three ways (each bounded by a share of the tolerance *t*, see
    /// ``LossyPolicy``):
    /// - a block cell whose two colours are close is written as a blank (one byte, one colour)
    ///   of the colour between them;
    /// - a cell whose look moved little since it was last written is not written again (also when
    ///   it was written as the complementary block, or as a blank);
    /// - a colour close to the terminal's current pen is written in the pen's colour, with no SGR.
    /// And, losing nothing, a block cell is written as its complement with the colours swapped
    /// (`▀` as `▄`), which looks the same, when that needs fewer bytes.
    ///
    /// The blank's error is centred (the colour between two), while a skipped change or a reused
    /// pen errs the same way over many cells; so by default those two get half the allowance.
    /// Detail around a cell raises its skip and pen allowances (``LossyPolicy/detailGain``), and
    /// a change may wait a frame before it is written (``LossyPolicy/hysteresis``).
    @inline(__always)
    var isLossy: Bool { allowances.tolerance > 0 && colorMode != .palette256 }
}
