import Controls
import Screens
import System
import Terminal

/// The one loop: waits on the tty, the signal pipe, the scenes' descriptors and the next deadline
/// with poll(2), then moves data one way: input → scene → mpv, mpv → scene → canvas → diff →
/// bytes. It never busy-waits: with nothing playing or animating, it sleeps in poll.
final class AppLoop {
    let session: TerminalSession
    /// The run's one playback session, which every scene reads.
    let playback: PlaybackSession
    let navigator: Navigator
    let output: TerminalOutput
    /// MPRIS2 on the session bus, when there is one.
    let desktop: MPRISService?
    private(set) var context: SceneContext
    private var scenes: [Scene]
    private var decoder = InputDecoder()
    private var renderer: FrameRenderer
    private var canvas: Canvas
    private var exitCode: Int32?
    /// The line for stderr once the terminal is restored (a file that could not be played).
    private(set) var exitLine: String?
    /// The line for stderr once the terminal is restored when the position could not be saved
    /// at the end (a full disk).
    private(set) var saveLine: String?
    private(set) var stats = RunStats()
    private var inputBuffer: [UInt8] = []
    private var outputBytes: [UInt8] = []
    /// The last screen drawn was mid-animation, so its final state still has to be drawn.
    private var animationPending = false
    /// Ctrl-L asked for the whole screen to be drawn again, changed or not.
    private var redrawPending = false
    /// When the last screen was drawn: animations alone redraw at most every ``animationInterval``.
    private var lastDraw = -Double.infinity
    /// The floor of the renderer's tolerance, raised while the terminal is slow to take the screens.
    private(set) var tolerance = AdaptiveTolerance(floor: AppLoop.colourTolerance,
                                                   adapts: AppLoop.colourTolerance > 0 || AppLoop.byteBudget > 0)
    /// The highest tolerance a screen was rendered with (the floor, or the byte budget's).
    private(set) var highestTolerance: UInt8 = 0
    /// When the stats panel's figures were last taken, and the bytes written by then.
    var figuresSample: (time: Double, bytes: Int) = (0, 0)
    /// When the screen still being written was handed over.
    private var submittedAt: Double?

    /// The shortest time between two screens drawn only because an animation moved on (a new
    /// video frame or a change of state draws at once). Without it an animation would redraw as
    /// fast as the terminal takes the bytes, and the video frames due meanwhile would be dropped.
    static let animationInterval = 1.0 / 30

    /// The least colour tolerance of the renderer (see ``ScreenRenderer/tolerance``): 0, so that
    /// a picture that changes little is drawn exactly; the byte budget raises each frame's as far
    /// as its changes require, and the ``AdaptiveTolerance`` raises the floor on a slow terminal.
    /// `REEL_TOLERANCE=N` sets it, for scripts/bench.
    static let colourTolerance: UInt8 = {
        if let text = Environment.value("REEL_TOLERANCE"), let value = UInt8(text) { return value }
        return 0
    }()

    /// The renderer's byte budget, as a share of what a full redraw of each frame costs:
    /// ``ScreenRenderer/ByteBudget/reel``'s, so that reel writes about a third of mpv's terminal
    /// output's bytes on a busy picture and as few as it needs on a quiet one. `REEL_BUDGET=S`
    /// sets it, for scripts/bench; 0 turns it off, and with `REEL_TOLERANCE=0` too every colour
    /// is written exactly, always.
    static let byteBudget: Double = {
        if let text = Environment.value("REEL_BUDGET"), let value = Double(text) { return max(value, 0) }
        return ScreenRenderer.ByteBudget.reel.share
    }()

    init(session: TerminalSession, output: TerminalOutput, context: SceneContext, colorMode: ColorMode,
         graphics: GraphicsMode = .blocks, playback: PlaybackSession, navigator: Navigator, desktop: MPRISService? = nil) {
        self.session = session
        self.desktop = desktop
        self.output = output
        self.context = context
        self.playback = playback
        self.navigator = navigator
        scenes = []
        renderer = FrameRenderer(colorMode: colorMode, tolerance: AppLoop.colourTolerance, graphics: graphics)
        var budget = ScreenRenderer.ByteBudget.reel
        budget.share = AppLoop.byteBudget
        // In pixel mode the cells are the controls, drawn exactly; the picture is an image.
        renderer.budget = AppLoop.byteBudget > 0 && graphics == .blocks ? budget : nil
        canvas = Canvas(width: context.size.columns, height: context.size.rows)
    }

    private var top: Scene? { scenes.last }

    /// How long reel waits, when it quits, for the terminal to take the rest of the last screen.
    static let exitPatience = 0.25

    /// Runs until a scene quits or a signal ends reel; returns the exit code.
    func run() -> Int32 {
        let start = monotonicNow()
        for place in navigator.startPlaces {
            top?.willHide(now: start)
            scenes.append(navigator.makeScene(place, canClose: !scenes.isEmpty, context: context, now: start))
        }
        if let scene = top { show(scene, now: start) }
        while exitCode == nil, let scene = top {
            waitForWork(scene)
            let now = monotonicNow()
            handleSignals(now: now)
            guard exitCode == nil else { break }
            let hadInput = readInput(now: now)
            guard exitCode == nil, let current = top else { break }
            // Flushed first, so that a screen whose last bytes go out now does not cost a frame.
            flushOutput()
            let result = playback.pump(now: now)
            playback.tick(now: now)
            apply(current.pump(now: now, session: result, canTakeFrame: terminalIsReady(now: now)), now: now)
            // A frame no scene wanted is let go, so that mpv's video output never waits.
            _ = playback.frames.take(from: playback.player, size: context.pixelSize, draw: false)
            follow(result, now: now)
            runOutsideCommands(seeked: result.restarted, now: now)
            if let current = top { apply(current.tick(now: now), now: now) }
            drawIfNeeded(now: now)
            // A sync point for tests: the input read above is handled, and what it changed drawn
            // if the terminal had taken the last screen (else on a later pass, as any change).
            if hadInput { TraceLog.shared?.record("handled") }
        }
        // The last screen goes out whole (the end of the video's last frame, the screen before q)
        // rather than cut short by the restore, unless a signal or Ctrl-C asks to stop at once.
        if (exitCode ?? 0) <= 128 { _ = try? output.finish(within: AppLoop.exitPatience) }
        let now = monotonicNow()
        for scene in scenes.reversed() { scene.willHide(now: now) }
        saveLine = playback.saveResumePositionAtExit(now: now)
        return exitCode ?? 0
    }

    /// Everything reel's own stats line reports.
    var bytesWritten: Int { output.bytesWritten }
    /// How pictures are drawn (``GraphicsMode/name``), and how many images were sent.
    var graphicsName: String { renderer.graphics?.mode.name ?? "blocks" }
    /// The colour tolerance the last screen was rendered with.
    var lastFrameTolerance: UInt8 { renderer.lastFrameTolerance }
    var imagesSent: Int { renderer.graphics?.imagesSent ?? 0 }

    // MARK: Scenes

    private func apply(_ request: SceneRequest?, now: Double) {
        guard let request else { return }
        switch request {
        case .quit(let code, let line):
            exitCode = code
            exitLine = line
        case .interrupt:
            exitCode = 128 + TerminalSignal.interruptNumber
        case .suspend:
            suspend(now: now)
        case .redraw:
            renderer.invalidate()
            redrawPending = true
        case .go(let place):
            top?.willHide(now: now)
            let scene = navigator.makeScene(place, canClose: true, context: context, now: now)
            scenes.append(scene)
            show(scene, now: now)
        case .back, .backOr:
            top?.willHide(now: now)
            scenes.removeLast()
            if let scene = top {
                show(scene, now: now)
            } else if case .backOr(let place) = request {
                let scene = navigator.makeScene(place, canClose: false, context: context, now: now)
                scenes.append(scene)
                show(scene, now: now)
            } else {
                exitCode = 0
            }
        }
    }

    /// Runs what came from outside the terminal, as the keys would in the scene on top: the
    /// commands of IPC clients (`script-message reel …`) and MPRIS's calls, after MPRIS has been
    /// told the session's state. `seeked`: mpv restarted playback at a new place.
    private func runOutsideCommands(seeked: Bool, now: Double) {
        var commands = playback.takeCommands()
        if let desktop { commands += desktop.pass(session: playback, playerShown: top is PlayerScene, seeked: seeked) }
        for command in commands {
            guard exitCode == nil, let scene = top else { return }
            if let global = GlobalCommand(command) {
                run(global, on: scene, now: now)
            } else {
                apply(scene.run(command, now: now), now: now)
            }
        }
    }

    /// Follows what a client of mpv's IPC socket did, as mpv reported it: its `quit` ends the run
    /// as q does (the place was saved as mpv stopped the file), and a file it loaded while the
    /// list or a card showed opens the player on it.
    private func follow(_ result: PlaybackSession.PumpResult, now: Double) {
        if result.mpvQuit {
            apply(.quit(0), now: now)
        } else if result.startedFromOutside, exitCode == nil, !(top is PlayerScene), let item = playback.currentItem {
            apply(.go(.player(item: item, reveal: false)), now: now)
        }
    }

    /// Carries out a command every scene answers alike: here, once, for all of them.
    private func run(_ command: GlobalCommand, on scene: Scene, now: Double) {
        switch command {
        case .showHelp: scene.setHelpShown(true, now: now)
        case .closeHelp: scene.setHelpShown(false, now: now)
        case .turnHelpPage(let pages): scene.turnHelpPage(by: pages, now: now)
        case .quit: apply(.quit(0), now: now)
        case .interrupt: apply(.interrupt, now: now)
        case .suspend: apply(.suspend, now: now)
        case .redraw: apply(.redraw, now: now)
        }
    }

    /// Brings `scene` to the front: at the terminal's size, told so, and drawn whole.
    private func show(_ scene: Scene, now: Double) {
        scene.resize(to: context, now: now)
        scene.didShow(now: now)
        renderer.invalidate()
    }

    // MARK: Waiting

    private func waitForWork(_ scene: Scene) {
        let now = monotonicNow()
        var deadline = [scene.nextDeadline(at: now), decoder.deadline, playback.nextDeadline(now: now),
                        renderer.acknowledgementDeadline].compactMap { $0 }.min()
        // While a screen is still being written, POLLOUT wakes the loop, and while its images
        // are not yet acknowledged, the terminal's reply does: a due draw must not turn the wait
        // into a spin.
        if terminalIsReady(now: now), let due = drawDue(scene, now: now, animating: scene.isAnimating(at: now)) {
            deadline = min(deadline ?? .infinity, max(now, due))
        }
        var entries = [
            PollEntry(session.fileDescriptor, events: .readable),
            PollEntry(session.signalDescriptor, events: .readable),
            PollEntry(playback.wakeDescriptor, events: .readable),
        ]
        for descriptor in scene.wakeDescriptors + (desktop?.wakeDescriptors ?? []) {
            entries.append(PollEntry(descriptor, events: .readable))
        }
        if let desktop {
            let bus = desktop.pollEvents
            if bus.descriptor >= 0 { entries.append(PollEntry(bus.descriptor, events: bus.events)) }
            // Messages libdbus has read already are handled now, not after the next wake-up.
            if desktop.hasWork { deadline = now }
        }
        if output.wantsWritable {
            entries.append(PollEntry(output.fileDescriptor, events: .writable))
        }
        _ = try? Poll.wait(&entries, timeout: deadline.map { max(0, min($0 - now, 60)) })
    }

    // MARK: Signals

    private func handleSignals(now: Double) {
        for signal in session.pendingSignals() {
            switch signal {
            case .resize: applyResize(now: now, force: false)
            case .terminate(let number): exitCode = 128 + number
            case .suspend: suspend(now: now)
            case .resume:
                // Continued (SIGCONT), perhaps after a SIGSTOP that went round the suspend: the
                // shell may have changed the tty and the modes (mouse tracking among them) since.
                try? session.resume()
                applyResize(now: now, force: true)
            }
        }
    }

    private func applyResize(now: Double, force: Bool) {
        guard var size = try? session.size() else { return }
        if case .pixels(let width, let height) = context.encoder.blitter {
            // The pixels follow the font: a cell's size comes from the window's when it says.
            let cell = size.cellPixels ?? PixelSize(width: width, height: height)
            context.encoder = FrameEncoder(blitter: .pixels(width: cell.width, height: cell.height))
            size = size.withCellPixels(cell)
        }
        guard force || size != context.size else { return }
        context.size = size
        canvas = Canvas(width: size.columns, height: size.rows)
        renderer.invalidate()
        top?.resize(to: context, now: now)
    }

    private func suspend(now: Double) {
        output.discardPending()
        renderer.invalidate()
        if (try? session.suspend()) == true { applyResize(now: monotonicNow(), force: true) }
    }

    // MARK: Input

    /// Reads and handles the tty's input; whether there was any (bytes, or a lone Esc let go).
    private func readInput(now: Double) -> Bool {
        inputBuffer.removeAll(keepingCapacity: true)
        let count: Int?
        do { count = try session.readInput(into: &inputBuffer) } catch { count = nil }
        guard let count else {
            // The terminal went away: nothing more can be shown.
            exitCode = 1
            return false
        }
        var events = count > 0 ? decoder.feed(inputBuffer, now: now) : []
        if let deadline = decoder.deadline, now >= deadline { events += decoder.flush(now: now) }
        let hadInput = count > 0 || !events.isEmpty
        if hadInput { TraceLog.shared?.record("input \(count)" + events.map { " \($0)" }.joined(), now: now) }
        for event in events {
            guard exitCode == nil, let scene = top else { return hadInput }
            if case .reply(let reply) = event {
                renderer.receive(reply)  // the terminal's, never a scene's
                continue
            }
            // Help, quit, interrupt, suspend and redraw are decided here, by the table and the
            // scene's mode, before the scene sees the key.
            if case .key(let key) = event,
               let global = GlobalCommand.route(key, commands: context.commands, screen: scene.screenKind, mode: scene.keyMode) {
                run(global, on: scene, now: now)
                continue
            }
            apply(scene.handle(event, now: now), now: now)
        }
        return hadInput
    }

    // MARK: Output

    private func flushOutput() {
        guard output.wantsWritable else { return }
        do { _ = try output.flush() } catch { exitCode = 1 }
        if output.isIdle, let submitted = submittedAt {
            let drained = monotonicNow()
            tolerance.screenDrained(submitted: submitted, drained: drained)
            submittedAt = nil
            TraceLog.shared?.record("drained \(Int(((drained - submitted) * 1000).rounded()))", now: drained)
        }
    }

    /// When the next screen is due, the output permitting: now for a change, or for an
    /// animation's last frame (drawn once it has ended, at its final value); the next 30 Hz tick
    /// while an animation runs; nil when nothing is to draw.
    private func drawDue(_ scene: Scene, now: Double, animating: Bool) -> Double? {
        if scene.needsDraw(at: now) || redrawPending || (animationPending && !animating) { return now }
        return animating ? lastDraw + AppLoop.animationInterval : nil
    }

    /// Whether the terminal has taken the last screen (written, and its images acknowledged),
    /// so that a new one may be drawn.
    private func terminalIsReady(now: Double) -> Bool {
        output.isIdle && !renderer.isAwaitingTerminal(now: now)
    }

    private func drawIfNeeded(now: Double) {
        guard terminalIsReady(now: now), let scene = top else { return }
        let animating = scene.isAnimating(at: now)
        guard let due = drawDue(scene, now: now, animating: animating), due <= now else { return }
        animationPending = animating
        redrawPending = false
        lastDraw = now
        let start = monotonicNow()
        // Only a scene that follows the pointer asks for its every move (mode 1003).
        canvas.reportsPointerMotion = false
        noteFigures(scene, now: now)
        scene.draw(into: &canvas, now: now)
        outputBytes.removeAll(keepingCapacity: true)
        renderer.tolerance = tolerance.current
        let motion = renderer.reportsPointerMotion
        renderer.render(canvas, now: now, into: &outputBytes)
        if renderer.reportsPointerMotion != motion {
            TraceLog.shared?.record("pointer motion \(canvas.reportsPointerMotion ? "on" : "off")", now: now)
        }
        highestTolerance = max(highestTolerance, renderer.lastFrameTolerance)
        stats.recordDraw(milliseconds: (monotonicNow() - start) * 1000)
        if stats.firstScreenMilliseconds == 0 { stats.firstScreenMilliseconds = (monotonicNow() - processStart) * 1000 }
        // A screen identical to the last one is not sent at all.
        guard renderer.lastFrameChanged else { return }
        do { _ = try output.submit(outputBytes) } catch { exitCode = 1 }
        if output.isIdle {
            tolerance.screenDrained(submitted: now, drained: now)
        } else {
            submittedAt = now
        }
        TraceLog.shared?.record("draw \(outputBytes.count)")
    }
}

/// Figures for `--stats`.
struct RunStats {
    var screensDrawn = 0
    /// From the start of the process to the first screen handed to the terminal.
    var firstScreenMilliseconds = 0.0
    /// How long composing, encoding and diffing a screen took.
    var drawTimes = DurationHistogram()

    mutating func recordDraw(milliseconds: Double) {
        screensDrawn += 1
        drawTimes.record(milliseconds: milliseconds)
    }
}
