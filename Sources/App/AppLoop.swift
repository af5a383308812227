import Controls
import Glibc
import Playback
import Screens
import Terminal

/// The one loop: waits on the tty, the signal pipe, mpv's wake pipe and the next deadline with
/// poll(2), then moves data one way: input → actions → mpv, mpv → status → screen → canvas →
/// diff → bytes. It never busy-waits; paused with nothing animating, it sleeps in poll.
final class AppLoop {
    let session: TerminalSession
    let output: TerminalOutput
    let options: ReelOptions
    var decoder = InputDecoder()
    var renderer: ScreenRenderer
    var encoder: FrameEncoder
    var size: TerminalSize
    var canvas: Canvas
    let playback: PlaybackController
    var screen: PlayerScreen
    var exitCode: Int32?
    var stats = RunStats()

    private var inputBuffer: [UInt8] = []
    private var outputBytes: [UInt8] = []
    private var frameIsNew = false

    init(session: TerminalSession, output: TerminalOutput, options: ReelOptions, size: TerminalSize,
         playback: PlaybackController, screen: PlayerScreen, colorMode: ColorMode) {
        self.session = session
        self.output = output
        self.options = options
        self.size = size
        self.playback = playback
        self.screen = screen
        encoder = FrameEncoder(blitter: options.blitter == .quadrant ? .quadrant : .half)
        // A small tolerance for video: changes below 1/64 of a channel are not resent. The diff is
        // always against what was written, so the error never exceeds it.
        renderer = ScreenRenderer(colorMode: colorMode, tolerance: 0)
        canvas = Canvas(width: size.columns, height: size.rows)
    }

    /// The video's pixel size for the current terminal.
    var pixelSize: (width: Int, height: Int) { encoder.pixelSize(columns: size.columns, rows: size.rows) }

    /// Runs until quit; returns the exit code.
    func run() -> Int32 {
        while exitCode == nil {
            waitForWork()
            let now = monotonicNow()
            handleSignals(now: now)
            if exitCode != nil { break }
            readInput(now: now)
            if exitCode != nil { break }
            pumpPlayer(now: now)
            for action in screen.tick(now: now) { perform(action, now: now) }
            flushOutput()
            drawIfNeeded(now: now)
        }
        return exitCode ?? 0
    }

    // MARK: Waiting

    private func waitForWork() {
        let now = monotonicNow()
        var deadline = [screen.nextDeadline, decoder.deadline].compactMap { $0 }.min()
        if screen.isAnimating(at: now) || (screen.needsRedraw && output.isIdle) || frameIsNew {
            // Animations redraw at about 30 frames a second; pending work goes at once.
            let soon = now + ((screen.needsRedraw || frameIsNew) ? 0 : 1.0 / 30)
            deadline = min(deadline ?? soon, soon)
        }
        var fds = [
            pollfd(fd: session.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: session.signalDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: playback.wakeupDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        if output.wantsWritable {
            fds.append(pollfd(fd: output.fileDescriptor, events: Int16(POLLOUT), revents: 0))
        }
        let timeout: Int32
        if let deadline {
            timeout = Int32(max(0, min((deadline - now) * 1000, 60_000)).rounded(.up))
        } else {
            timeout = -1
        }
        _ = poll(&fds, nfds_t(fds.count), timeout)
    }

    // MARK: Signals

    private func handleSignals(now: Double) {
        for signal in session.pendingSignals() {
            switch signal {
            case .resize: applyResize(now: now)
            case .terminate(let number): exitCode = 128 + number
            case .suspend: suspend(now: now)
            case .resume: redrawEverything(now: now)
            }
        }
    }

    private func applyResize(now: Double) {
        guard let newSize = try? session.size(), newSize != size else { return }
        size = newSize
        canvas = Canvas(width: size.columns, height: size.rows)
        renderer.invalidate()
        screen.resize(columns: size.columns, rows: size.rows)
        // The picture must follow the new size even while paused.
        if playback.isReady, playback.renderNow(size: pixelSize) { frameIsNew = true }
    }

    private func suspend(now: Double) {
        output.discardPending()
        if (try? session.suspend()) == true {
            redrawEverything(now: now)
        }
    }

    private func redrawEverything(now: Double) {
        renderer.invalidate()
        applyResize(now: now)
        frameIsNew = true
    }

    // MARK: Input

    private func readInput(now: Double) {
        inputBuffer.removeAll(keepingCapacity: true)
        let count: Int?
        do { count = try session.readInput(into: &inputBuffer) } catch { count = nil }
        guard let count else {
            // The terminal went away: nothing more can be shown.
            exitCode = 1
            return
        }
        if count > 0 {
            for event in decoder.feed(inputBuffer, now: now) { handle(event, now: now) }
        }
        if let deadline = decoder.deadline, now >= deadline {
            for event in decoder.flush(now: now) { handle(event, now: now) }
        }
    }

    private func handle(_ event: InputEvent, now: Double) {
        for action in screen.handle(event, now: now) { perform(action, now: now) }
    }

    private func perform(_ action: PlayerAction, now: Double) {
        switch action {
        case .quit: exitCode = 0
        case .close: exitCode = 0
        case .suspend: suspend(now: now)
        default: playback.perform(action, now: now)
        }
    }

    // MARK: mpv

    private func pumpPlayer(now: Double) {
        let result = playback.processEvents(now: now)
        screen.update(playback.status, now: now)
        if result.seekCompleted { screen.seekCompleted(now: now) }
        if playback.reachedEndOfFile, !options.keepOpen, !options.loop { exitCode = 0 }
        if playback.takeFrame(size: pixelSize, draw: output.isIdle) { frameIsNew = true }
    }

    // MARK: Output

    private func flushOutput() {
        guard output.wantsWritable else { return }
        do { _ = try output.flush() } catch { exitCode = 1 }
    }

    private func drawIfNeeded(now: Double) {
        guard output.isIdle, frameIsNew || screen.needsRedraw || screen.isAnimating(at: now) else { return }
        let start = monotonicNow()
        screen.draw(video: playback.video, encoder: encoder, into: &canvas, now: now)
        outputBytes.removeAll(keepingCapacity: true)
        renderer.render(canvas, into: &outputBytes)
        stats.recordDraw(milliseconds: (monotonicNow() - start) * 1000, videoFrame: frameIsNew)
        frameIsNew = false
        do { _ = try output.submit(outputBytes) } catch { exitCode = 1 }
    }
}

/// Figures for `--stats`.
struct RunStats {
    var framesDrawn = 0
    var screensDrawn = 0
    var drawMilliseconds: [Double] = []

    mutating func recordDraw(milliseconds: Double, videoFrame: Bool) {
        screensDrawn += 1
        if videoFrame { framesDrawn += 1 }
        if drawMilliseconds.count < 100_000 { drawMilliseconds.append(milliseconds) }
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(Int(Double(sorted.count - 1) * fraction + 0.5), sorted.count - 1)]
    }
}
