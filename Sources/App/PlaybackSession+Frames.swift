import Drawing

/// The item's video frames, handed to the screens (``VideoFrames``).
extension PlaybackSession {
    /// Takes a due frame at `size`, or lets it go when `draw` is false. True when a new picture is ready.
    func takeFrame(size: (width: Int, height: Int), draw: Bool, now: Double) -> Bool {
        frames.take(from: player, size: size, draw: draw, now: now, fileLoaded: core.isFileLoaded,
                    isOpening: core.machine.isOpening && !core.isReady, frameDuration: status.frameDuration)
    }

    /// Renders the current frame at `size` now (after a resize, or for a new frame size).
    @discardableResult
    func renderNow(size: (width: Int, height: Int)) -> Bool {
        core.isReady && status.hasVideo && frames.render(player, size: size)
    }

    /// The latest picture.
    var video: PixelBuffer? { core.isReady ? frames.video : nil }
}
