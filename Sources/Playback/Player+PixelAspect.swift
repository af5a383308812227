extension Player {
    /// Letterboxes the video for the configuration's pixel shape.
    ///
    /// mpv's render API lays the video out as if the target's pixels were square: it ignores
    /// `monitorpixelaspect`. For pixels of another shape the video's own aspect is overridden
    /// instead, divided by the pixel aspect, so that it covers the same part of the screen as it
    /// would on square pixels: a 16:9 video on pixels half as wide as tall (quadrant blocks on
    /// 1:2 cells) is laid out as 32:9. Called whenever mpv reports the decoded aspect.
    func correctAspect() {
        let pixelAspect = configuration.pixelAspect
        guard pixelAspect.isFinite, pixelAspect > 0, abs(pixelAspect - 1) > 1e-6,
              let aspect = state.decodedAspect, aspect.isFinite, aspect > 0 else { return }
        // A refusal leaves mpv's own letterbox, which is only misshapen, never broken.
        try? handle.setProperty("video-aspect-override", aspect / pixelAspect)
    }
}
