/// The screens that carry on a picture cut short at the cap.
extension LinkPacer {
    /// Whether a screen that no key or click asked for may be written. `restOfPicture`: it would
    /// carry the rows of a picture that was cut short at the cap (a renderer writes them with
    /// whatever screen comes next, the controls' too), so it is a picture, and waits for the last
    /// picture's answer; else it is the controls', which may go behind one picture in flight.
    ///
    /// Let through as a screen of the controls, the rest of a cut picture went out with every
    /// tick of the status line, one cap's worth after another with no answer between: 5–13
    /// screens and 46 kB in flight at 800 kbit/s where one picture of 14 kB was meant to be.
    public func mayWriteScreen(restOfPicture: Bool) -> Bool {
        mayWriteControls && (!restOfPicture || mayWritePicture)
    }
}
