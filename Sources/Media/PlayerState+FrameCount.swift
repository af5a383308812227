/// How many frames the item has, for `--stats`.
extension PlayerState {
    /// The item's frames, estimated as mpv does (its duration over one frame's, rounded, at most
    /// 10¹²), or nil while either is unknown, zero or endless.
    public var estimatedFrameCount: Int? {
        guard let duration, let frame = frameDuration, frame > 0, duration.isFinite, duration > 0 else { return nil }
        return Int(min(duration / frame, 1e12).rounded())
    }
}
