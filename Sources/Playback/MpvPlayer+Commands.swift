import System

/// How precisely a seek lands.
public enum SeekPrecision: Sendable {
    /// On the exact frame (slower: decodes from the previous keyframe).
    case exact
    /// On a nearby keyframe (fast, for live scrubbing).
    case keyframe

    /// The seek command's flag for this precision.
    var flag: String { self == .exact ? "exact" : "keyframes" }
}

/// Where a file starts playing.
public enum StartPosition: Sendable, Equatable {
    /// Seconds from the start.
    case seconds(Double)
    /// Seconds before the end.
    case fromEnd(Double)
    /// A percentage of the length.
    case percent(Double)

    /// mpv's `start` option value. Only numbers reel formatted itself, never user text.
    public var optionValue: String {
        switch self {
        case .seconds(let seconds): formatNumber(max(seconds, 0))
        case .fromEnd(let seconds): "-" + formatNumber(max(seconds, 0))
        case .percent(let percent): formatNumber(min(max(percent, 0), 100)) + "%"
        }
    }
}

extension MpvPlayer {
    /// Loads a local file and starts it, replacing what was playing.
    ///
    /// The path is made absolute, so a name like `http://x` or `-x` is always a local file.
    /// A failure arrives later as ``PlayerEvent/endFile(_:)`` with ``EndReason/error(_:)``.
    public func load(_ path: FilePath, start: StartPosition? = nil) throws(MpvError) {
        var arguments = ["loadfile", MpvPlayer.absolutePath(path).text, "replace"]
        if let start { arguments.append("start=" + start.optionValue) }
        try handle.command(arguments)
    }

    /// Shows video track `id` instead of the one mpv picked, such as the cover picture.
    ///
    /// The switch is sent without waiting: a synchronous call from the loop could wait on the
    /// core while the core waits on the loop to render (a video output being set up), which
    /// stalls both until libmpv's timeout and loses the frame.
    public func selectVideoTrack(id: Int) throws(MpvError) {
        try handle.commandAsync(["set", "vid", String(id)], id: makeRequestID())
    }

    /// The loaded file's path as mpv sees it.
    public var path: String? { handle.string("path") }

    /// Resumes playback.
    public func play() throws(MpvError) { try handle.setProperty("pause", false) }

    /// Pauses playback.
    public func pause() throws(MpvError) { try handle.setProperty("pause", true) }

    /// Toggles between playing and paused.
    public func togglePause() throws(MpvError) { try handle.command(["cycle", "pause"]) }

    /// Seeks to `seconds` from the start. Returns the request id its reply event will carry.
    @discardableResult
    public func seek(to seconds: Double, precision: SeekPrecision = .exact) throws(MpvError) -> UInt64 {
        try seekCommand(["seek", formatNumber(seconds), "absolute+\(precision.flag)"])
    }

    /// Seeks by `seconds` from the current position (negative goes back). Returns the request id.
    @discardableResult
    public func seek(by seconds: Double, precision: SeekPrecision = .exact) throws(MpvError) -> UInt64 {
        try seekCommand(["seek", formatNumber(seconds), "relative+\(precision.flag)"])
    }

    /// Seeks to `percent` (0…100) of the file. Returns the request id.
    @discardableResult
    public func seek(toPercent percent: Double, precision: SeekPrecision = .exact) throws(MpvError) -> UInt64 {
        try seekCommand(["seek", formatNumber(min(max(percent, 0), 100)), "absolute-percent+\(precision.flag)"])
    }

    /// Sets the volume, 0…130 (mpv's default maximum).
    public func setVolume(_ volume: Double) throws(MpvError) {
        try handle.setProperty("volume", min(max(volume, 0), 130))
    }

    /// Mutes or unmutes.
    public func setMuted(_ muted: Bool) throws(MpvError) { try handle.setProperty("mute", muted) }

    /// Sets the playback speed (0.01…100).
    public func setSpeed(_ speed: Double) throws(MpvError) {
        try handle.setProperty("speed", min(max(speed, 0.01), 100))
    }

    /// Steps one frame forward and pauses there.
    public func frameStep() throws(MpvError) { try handle.command(["frame-step"]) }

    /// Steps one frame back and pauses there.
    public func frameBackStep() throws(MpvError) { try handle.command(["frame-back-step"]) }

    /// Unloads the file and stops, leaving the player idle.
    public func stop() throws(MpvError) { try handle.command(["stop"]) }

    /// Asks mpv to quit; a ``PlayerEvent/shutdown`` follows.
    public func quit() throws(MpvError) { try handle.command(["quit"]) }

    // MARK: Frames

    /// True when mpv has a new video frame for the loop. Call it after a wakeup.
    /// True also when the frame on screen was rendered for another video shape than mpv now
    /// reports, and should be rendered again (``Supersampler``).
    public func frameIsDue() -> Bool {
        let due = renderContext?.frameIsDue() ?? false
        return due || supersampler?.redrawDue == true
    }

    /// Writes one line of reel's own to the log (`--log-file`), among mpv's, as `[reel] info: …`.
    public func logNote(_ text: String) {
        log.record(prefix: "reel", level: "info", text: text)
    }

    /// Renders the current video frame into `buffer`, letterboxed to the buffer's size.
    ///
    /// A buffer in ``FrameBuffer/Format/rgb24`` that this libmpv turns down is changed to `rgb0`
    /// once, and the frame rendered again.
    public func render(into buffer: FrameBuffer) throws {
        guard let renderContext else { throw PlaybackError.noRenderContext }
        if try renderSupersampled(into: buffer.baseAddress, width: buffer.width, height: buffer.height,
                                  stride: buffer.stride, format: buffer.format) { return }
        try chooseScaler(width: buffer.width, height: buffer.height)
        try renderContext.render(into: buffer, fallingBackToRGB0: true)
    }

    /// Renders the current video frame straight into `target`, memory the caller owns: `height`
    /// rows of `width` packed RGB pixels (3 bytes each, no padding), letterboxed. It saves the
    /// copy out of a ``FrameBuffer``: mpv writes such memory as fast as an aligned buffer.
    ///
    /// Returns false, having drawn nothing and left the frame due, when this libmpv does not
    /// take packed RGB; then ``render(into:)`` works with its fallback.
    public func render(rgb24 target: UnsafeMutableRawBufferPointer, width: Int, height: Int) throws -> Bool {
        guard let renderContext else { throw PlaybackError.noRenderContext }
        guard width > 0, height > 0, target.count >= width * height * 3, let base = target.baseAddress else {
            throw PlaybackError.targetTooSmall(bytes: target.count, width: width, height: height)
        }
        if try renderSupersampled(into: base, width: width, height: height, stride: width * 3, format: .rgb24) { return true }
        try chooseScaler(width: width, height: height)
        do {
            try renderContext.render(into: base, width: width, height: height, stride: width * 3, format: .rgb24, skip: false)
            return true
        } catch {
            guard RenderContext.refusals.contains(error.kind) else { throw error }
            return false
        }
    }

    /// Lets a due frame go without drawing it, when the terminal is behind; mpv moves on.
    public func skipFrame(_ buffer: FrameBuffer) throws {
        guard let renderContext else { throw PlaybackError.noRenderContext }
        try renderContext.render(into: buffer, skip: true)
        // The next frame drawn has the shape; the one let go need not be drawn again.
        supersampler?.redrawDue = false
    }

    // MARK: Helpers

    private func seekCommand(_ arguments: [String]) throws(MpvError) -> UInt64 {
        let id = makeRequestID()
        try handle.commandAsync(arguments, id: id)
        return id
    }

    /// An absolute form of `path`, without resolving links, so that mpv never sees a protocol.
    static func absolutePath(_ path: FilePath) -> FilePath {
        path.isAbsolute ? path : currentDirectory().appending(path)
    }
}
