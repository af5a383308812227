/// What the scrub preview asks of its decoder: frames at times, answered later, at a size that
/// can change.
///
/// ``PreviewDecoder`` is the one made of a second mpv. The app's scrub preview holds its decoder
/// through this, so that its decisions (what is asked, when, what an answer does) are tested with
/// a fake and numbers, and the real decoder in Playback's own tests and end to end.
public protocol PreviewDecoding: AnyObject {
    /// The descriptor that becomes readable when there is news for ``poll()``.
    var wakeDescriptor: Int32 { get }
    /// Renders at `width` × `height` pixels from now on, keeping what is open.
    func resize(width: Int, height: Int)
    /// Asks for the frame at `time`; the answer comes from ``poll()``.
    func request(_ time: Double)
    /// What is done since the last poll, without waiting.
    func poll() -> [PreviewDecoder.Outcome]
}

extension PreviewDecoder: PreviewDecoding {}
