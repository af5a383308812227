extension MpvPlayer {
    /// The video filter that letterboxes for pixels of `pixelAspect` (width over height), or nil
    /// for square pixels.
    ///
    /// mpv's render API lays the video out as if the target's pixels were square: it ignores
    /// `monitorpixelaspect`. So the video's own sample aspect is divided by the pixel aspect
    /// instead (`setsar`, which changes no pixel), and the picture covers the part of the screen it
    /// would on square pixels: a 16:9 video on pixels half as wide as tall (2 × 2 pixels a cell on 1:2
    /// cells) is laid out as 32:9. Being a filter, it holds from the first frame.
    static func pixelAspectFilter(_ pixelAspect: Double) -> String? {
        guard pixelAspect.isFinite, pixelAspect > 0, abs(pixelAspect - 1) > 1e-6 else { return nil }
        return "lavfi=[setsar=r=sar*\(formatNumber(1 / pixelAspect)):max=1000]"
    }

    /// Lays the picture out for pixels of `pixelAspect` from now on (the picture went from the
    /// terminal's square pixels to cells): the filter chain again, with the open file's turn.
    public func setPixelAspect(_ pixelAspect: Double) throws(MpvError) {
        guard pixelAspect.isFinite, pixelAspect > 0, pixelAspect != configuration.pixelAspect else { return }
        configuration.pixelAspect = pixelAspect
        try handle.setProperty("vf", MpvPlayer.videoFilters(rotation: openedFileRotation(), pixelAspect: pixelAspect) ?? "")
    }
}
