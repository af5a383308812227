extension MpvPlayer {
    /// mpv's options that move or scale the picture in its box: with any of them given (or the
    /// user's mpv.conf, which may give them), mpv keeps its own letterboxing.
    static let geometryOptions: Set<String> = [
        "keepaspect", "panscan", "video-zoom", "video-pan-x", "video-pan-y", "video-unscaled",
        "video-align-x", "video-align-y", "video-margin-ratio-left", "video-margin-ratio-right",
        "video-margin-ratio-top", "video-margin-ratio-bottom", "video-aspect-override",
    ]

    /// The supersampler for `configuration`, or nil when it asks for neither supersampling nor
    /// a grain, has no video, lets something else place the picture, or keeps mpv's log too
    /// quiet to say the video's shape.
    static func supersampler(for configuration: PlayerConfiguration) -> Supersampler? {
        let level = configuration.logFile == nil ? "v" : configuration.logLevel
        guard configuration.supersampling > 1 || configuration.pictureGrain != .pixel, configuration.video,
              !configuration.loadUserConfig,
              configuration.extraOptions.keys.allSatisfy({ !geometryOptions.contains($0) }), levelsWithShape.contains(level)
        else { return nil }
        return Supersampler(factor: max(configuration.supersampling, 1), grain: configuration.pictureGrain)
    }

    /// Whether the player knows the video's shape, to supersample.
    var hasVideoShape: Bool { supersampler?.shape != nil }

    /// mpv's log levels at which the line that gives the video's shape arrives (it is `info`).
    static let levelsWithShape: Set<String> = ["info", "status", "v", "debug", "trace"]

    /// Follows the video's shape from a line of mpv's log (``Supersampler/output(fromLog:)``).
    func followVideoShape(prefix: String, text: String) {
        guard let supersampler, prefix == "cplayer", let output = Supersampler.output(fromLog: text) else { return }
        supersampler.follow(output)
    }

    /// Renders the frame supersampled into a frame of `height` rows of `width` pixels in
    /// `format`, `stride` bytes apart from `target`. Returns false, having rendered nothing, when
    /// supersampling is off or no video shape is known; the caller then renders the frame at the
    /// target's size, which mpv stretches over it (mpv logs the shape before any frame, so this
    /// is for a frame with no video behind it), and it is rendered again once the shape is known.
    func renderSupersampled(into target: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int,
                            format: FrameBuffer.Format) throws -> Bool {
        guard let supersampler, let renderContext else { return false }
        // A frame that came due after the loop read the events: mpv logged its shape first.
        if supersampler.shape == nil {
            pendingEvents += readQueuedEvents()
            // The loop's next poll wakes for them at once.
            if !pendingEvents.isEmpty { wake.signal() }
        }
        supersampler.redrawDue = false
        guard let shape = supersampler.shape, let box = Supersampler.box(video: shape, width: width, height: height, grain: supersampler.grain)
        else {
            supersampler.renderedWithoutShape = true
            return false
        }
        let factors = supersampler.factors(box: box), scratch = supersampler.scratch
        scratch.resize(width: box.width * factors.x, height: box.height * factors.y)
        // The scaler as for the picture itself, by the shape known now: the observed size comes
        // only after the first frame, and a scaler changed then makes mpv draw that frame again.
        try chooseScaler(width: box.width, height: box.height, video: shape)
        try renderContext.render(into: scratch, fallingBackToRGB0: true)
        supersampler.average(into: target, width: width, height: height, stride: stride,
                             layout: Supersampler.Layout(format), box: box, factors: factors)
        return true
    }
}
