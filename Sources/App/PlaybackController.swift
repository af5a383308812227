import Controls
import Glibc
import Playback
import Screens
import Terminal

/// The app's side of the player: turns screen actions into mpv commands, mpv's state into a
/// ``MediaStatus``, and mpv's frames into pixels.
///
/// It keeps at most one seek in flight: a seek counts as in flight from its command until mpv
/// has restarted playback at the new place, and seeks asked for meanwhile are merged
/// (``SeekCoalescer``), so a held arrow key never floods mpv.
final class PlaybackController {
    let player: Player
    private(set) var status = MediaStatus()
    private(set) var fileLoaded = false
    private(set) var loadError: MpvError?
    private(set) var reachedEndOfFile = false
    /// mpv has restarted playback (after the load or a seek): the video output is configured and
    /// holds its first frame.
    private(set) var hasRestarted = false
    /// The latest frame, in the encoder's pixels.
    private(set) var video: PixelBuffer?
    let frame: FrameBuffer

    private var coalescer = SeekCoalescer()
    private var seekInFlight: (id: UInt64, replied: Bool, sentAt: Double)?

    /// Where mpv resumed the file from its saved position, if it did.
    var resumedAt: Double?
    private var lastResumeSave = 0.0

    // Figures for --stats.
    private(set) var framesRendered = 0
    private(set) var framesSkipped = 0
    /// How long mpv took to render (scale and convert) each frame.
    private(set) var renderTimes = DurationHistogram()
    /// The number of frames in the file, estimated as mpv does (duration × frame rate), from the
    /// observed properties while the file was loaded: at exit mpv may have let the file go already.
    private(set) var sourceFrameCount: Int?

    init(configuration: PlayerConfiguration) throws {
        player = try Player(configuration: configuration)
        frame = FrameBuffer(width: 2, height: 2)
    }

    /// The descriptor the loop polls for mpv.
    var wakeupDescriptor: Int32 { player.wakeupDescriptor }

    /// Whether mpv is playing (or paused) a file.
    var isReady: Bool { fileLoaded && loadError == nil }

    /// Pumps mpv until the file is loaded and mpv has restarted playback on it (paused), or has
    /// failed; returns the failure's explanation. Frames that come meanwhile are let go, so
    /// mpv's video output never waits.
    ///
    /// Waiting for the restart, not only the load, matters: until then mpv may reconfigure its
    /// video output, which waits for this thread to take the frame it holds; a command sent then
    /// (the play that follows) would block until mpv gives up, 200 ms later (scripts/bench saw
    /// half of all starts take 200 ms longer).
    func waitUntilLoaded(size: (width: Int, height: Int), timeout: Double = 10) -> String? {
        let deadline = monotonicNow() + timeout
        while monotonicNow() < deadline {
            var descriptor = pollfd(fd: wakeupDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 50)
            _ = processEvents(now: monotonicNow())
            if let error = loadError { return error.explanation }
            if isReady, hasRestarted, status.duration != nil || !status.hasVideo { return nil }
            _ = takeFrame(size: size, draw: false)
        }
        return isReady ? nil : "mpv did not open the file within \(Int(timeout)) s"
    }

    // MARK: Resume

    /// Saves the position for next time, or forgets it when the file is finished or within its
    /// last 5 % (or barely begun), so that it then starts from the beginning.
    func saveResumePosition(now: Double) {
        lastResumeSave = now
        guard isReady, player.configuration.resume, let position = status.position else { return }
        let duration = MediaTime.safeDuration(status.duration)
        let finished = status.isEffectivelyAtEnd || (duration > 0 && position >= duration * 0.95)
        if finished || position < 1 {
            try? player.forgetResumePosition()
        } else {
            try? player.saveResumePosition()
        }
    }

    /// Saves the position and pauses: the video is leaving the screen.
    func saveAndPause(now: Double) {
        saveResumePosition(now: now)
        perform(.pause, now: now)
    }

    /// Saves the position every 15 s while playing, so that even a SIGKILL loses at most 15 s.
    func saveResumePositionIfDue(now: Double) {
        guard status.isPlaying, now - lastResumeSave >= 15 else { return }
        saveResumePosition(now: now)
    }

    /// Whether the file is over and mpv will not hold its last frame (it does with --keep-open,
    /// and --loop never lets it end): the scene showing it should go.
    var isFinished: Bool {
        !player.configuration.keepOpen && (reachedEndOfFile || (fileLoaded && player.state.isIdle == true))
    }

    // MARK: Events

    /// Reads mpv's events. Returns true when mpv finished a seek (for the screen reader), and
    /// the events themselves for the caller's other decisions.
    func processEvents(now: Double) -> (seekCompleted: Bool, events: [PlayerEvent]) {
        let events = player.drainEvents()
        var seekCompleted = false
        for event in events {
            switch event {
            case .fileLoaded:
                fileLoaded = true
            case .endFile(.error(let error)):
                loadError = error
            case .endFile(.endOfFile):
                reachedEndOfFile = true
            case .commandReply(let id, _):
                if seekInFlight?.id == id { seekInFlight?.replied = true }
            case .playbackRestart:
                hasRestarted = true
                if seekInFlight?.replied == true {
                    TraceLog.shared?.record("seeked", now: now)
                    seekCompleted = true
                    finishSeek()
                }
            default:
                break
            }
        }
        // A seek mpv never confirms (a file that ended meanwhile) must not block later ones.
        if let inFlight = seekInFlight, now - inFlight.sentAt > 1.5 { finishSeek() }
        // The status derives from mpv's state, the load and its error, which change only with
        // an event: a pass with none (most of them) keeps it as it is.
        if !events.isEmpty {
            status = makeStatus()
            if let duration = status.duration, let frame = status.frameDuration, frame > 0, duration.isFinite, duration > 0 {
                sourceFrameCount = Int(min(duration / frame, 1e12).rounded())
            }
        }
        return (seekCompleted, events)
    }

    private func makeStatus() -> MediaStatus {
        let state = player.state
        var status = MediaStatus()
        status.position = state.position
        status.duration = state.duration
        status.isPaused = state.isPaused ?? true
        status.isAtEnd = state.isAtEnd ?? false
        status.isSeeking = state.isSeeking ?? false
        status.title = state.title
        // Until mpv lists the tracks, a picture is assumed, so that none is thrown away.
        let tracks = state.tracks.kinds
        status.hasVideo = state.tracks.isEmpty || tracks.video || tracks.coverArt
        status.volume = state.volume
        status.isMuted = state.isMuted ?? false
        status.chapters = state.chapters.map { ChapterMark(time: $0.time, title: $0.title) }
        status.isLoaded = fileLoaded && state.isIdle != true && loadError == nil
        status.frameDuration = state.tracks.first { $0.kind == .video && $0.isSelected }?.frameRate.map { 1 / $0 }
        return status
    }

    // MARK: Frames

    /// Takes a due frame from mpv: renders it at `size` when `draw` is true, else lets it go
    /// (the terminal is behind). Returns true when a new picture is ready.
    func takeFrame(size: (width: Int, height: Int), draw: Bool) -> Bool {
        guard player.frameIsDue() else { return false }
        frame.resize(width: size.width, height: size.height)
        if !draw {
            try? player.skipFrame(frame)
            framesSkipped += 1
            return false
        }
        return renderNow(size: size)
    }

    /// Renders the current frame at `size` now, whether or not a new one is due: after a resize
    /// while paused, the picture must follow the new size.
    ///
    /// Pixels that are not square (quadrant pixels, cells that are not 1:2) need nothing here:
    /// the player letterboxes for them with a `setsar` filter, so mpv renders straight at `size`.
    @discardableResult
    func renderNow(size: (width: Int, height: Int)) -> Bool {
        guard status.hasVideo || !fileLoaded else { return false }
        frame.resize(width: size.width, height: size.height)
        let start = monotonicNow()
        do { try player.render(into: frame) } catch { return false }
        var pixels = video ?? PixelBuffer(width: size.width, height: size.height)
        // One owner while loading, so that the frame is written in place, not copied first.
        video = nil
        switch frame.format {
        case .rgb0: pixels.load(rgb0: frame.baseAddress, width: frame.width, height: frame.height, stride: frame.stride)
        case .bgr0: pixels.load(bgr0: frame.baseAddress, width: frame.width, height: frame.height, stride: frame.stride)
        }
        video = pixels
        framesRendered += 1
        TraceLog.shared?.record("frame \(player.state.position ?? -1)")
        renderTimes.record(milliseconds: (monotonicNow() - start) * 1000)
        return true
    }

    /// The size with square pixels that covers what `size` pixels of shape `pixelAspect` (width
    /// over height) cover on screen: taller for narrow pixels, wider for wide ones. The poster's
    /// still is found at this size, with square pixels, and the screen scales it to its own.
    static func squarePixelSize(_ size: (width: Int, height: Int), pixelAspect: Double) -> (width: Int, height: Int) {
        guard pixelAspect.isFinite, pixelAspect > 0 else { return size }
        if pixelAspect < 1 { return (size.width, Int((Double(size.height) / pixelAspect).rounded())) }
        return (Int((Double(size.width) * pixelAspect).rounded()), size.height)
    }

    // MARK: Actions

    /// Carries out one screen action as mpv commands.
    func perform(_ action: PlayerAction, now: Double) {
        do {
            switch action {
            case .play: try player.play()
            case .pause: try player.pause()
            case .togglePause: try player.togglePause()
            case .restartAndPlay:
                coalescer.reset()
                try send(.to(0, exact: true), now: now)
                try player.play()
            case .seek(let request):
                if case .send(let merged) = coalescer.request(request) { try send(merged, now: now) }
            case .setVolume(let volume): try player.setVolume(volume)
            case .setMuted(let muted): try player.setMuted(muted)
            case .frameStep: try player.frameStep()
            case .frameBackStep: try player.frameBackStep()
            case .close, .quit, .suspend: break
            }
        } catch {
            // A command mpv refuses (say, a seek with nothing loaded) changes nothing; the screen
            // keeps showing mpv's real state.
        }
    }

    private func send(_ request: SeekRequest, now: Double) throws {
        let id: UInt64
        switch request {
        case .by(let seconds):
            id = try player.seek(by: seconds, precision: .exact)
        case .to(let target, let exact):
            id = try player.seek(to: target, precision: exact ? .exact : .keyframe)
        }
        seekInFlight = (id, false, now)
        TraceLog.shared?.record("seek \(request)", now: now)
    }

    private func finishSeek() {
        seekInFlight = nil
        if case .send(let merged) = coalescer.completed() { try? send(merged, now: monotonicNow()) }
    }
}
