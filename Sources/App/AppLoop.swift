import Commands
import Controls
import Desktop
import Drawing
import Options
import Session
import Screens
import System
import Graphics
import Terminal
import Tmux

/// The scenes' stage of the one loop (``PollLoop``): waits on the tty, the signal pipe, the
/// scenes' descriptors and the next deadline with poll(2), then moves data one way: input → scene
/// → mpv, mpv → scene → canvas → diff → bytes. Its ``LoopScheduler`` decides when to draw and how
/// long to wait: with nothing playing or animating, it sleeps in poll.
final class AppLoop: LoopStage {
    let session: TerminalSession
    /// The run's one playback session, which every scene reads.
    let playback: PlaybackSession
    let navigator: Navigator
    let output: TerminalOutput
    /// MPRIS2 on the session bus, when there is one.
    let desktop: MPRISService?
    var context: SceneContext
    private var scenes: [Scene]
    private(set) var decoder = InputDecoder()
    var renderer: FrameRenderer
    private var canvas: Canvas
    private(set) var exitCode: Int32?
    /// The line for stderr once the terminal is restored (a file that could not be played).
    private(set) var exitLine: String?
    /// The line for stderr once the terminal is restored when the position could not be saved
    /// at the end (a full disk).
    private(set) var saveLine: String?
    /// The lines for stderr about the screenshots pending at the end: written then, or not saved.
    private(set) var screenshotLines: [String] = []
    private(set) var stats = RunStats()
    private var inputBuffer: [UInt8] = []
    private var outputBytes: [UInt8] = []
    /// When to draw and how long to wait.
    var scheduler = LoopScheduler()
    /// The floor of the renderer's tolerance, raised while the terminal is slow to take the screens.
    private(set) var tolerance: AdaptiveTolerance
    /// The highest tolerance a screen was rendered with (the floor, or the byte budget's).
    private(set) var highestTolerance: UInt8 = 0
    /// When the stats panel's figures were last taken, and the bytes written by then.
    var figuresSample: (time: Double, bytes: Int) = (0, 0)
    /// When the screen still being written was handed over.
    private var submittedAt: Double?
    /// The picture kept to reel's tmux pane while it is shown, in pixel mode inside tmux.
    private(set) var pane: PanePictures?
    /// The screens paced to the terminal's answers, and the link they measure.
    private(set) var pacer: LinkPacer
    /// What a picture may spend on the link (in `AppLoop+Ladder.swift`), the colours it goes
    /// back to at the top, and the cells its half blocks stand in for while they do.
    var ladder = LinkLadder()
    let baseColorMode: ColorMode
    var cellsAboveLadder: FrameEncoder.Blitter?
    /// The video frames drawn when the last screen was written: more since, and the next screen
    /// carries a picture.
    private var framesAtLastScreen = 0
    /// A key or the mouse came since the last screen: its effect goes out even behind a screen
    /// of the controls not yet answered for (at most one picture is ever in flight before it).
    private(set) var inputSinceScreen = false
    /// When the last screen with a new picture was written, for `--terminal-max-fps`.
    var lastPictureAt = -Double.infinity
    /// When the last screen was written: a picture still since then may be refined (`AppLoop+Still.swift`).
    var lastScreenAt = -Double.infinity
    /// A screen was drawn while pictures were held: once they may go, the picture catches up.
    private var heldBehind = false
    /// Steps `auto`'s pixels down to cells (``fallbackCells``) when the terminal misses the frame rate.
    var pictureRate: PictureRateFallback
    let fallbackCells: FrameEncoder.Blitter
    /// Why the picture is cells after such a step down, for the stats panel and `--stats`.
    var cellsBecause: String?
    /// The last screen was cut short at the link's cap: once pictures may go, the rest goes.
    private var restOfCut = false

    init(session: TerminalSession, output: TerminalOutput, context: SceneContext, colorMode: ColorMode,
         graphics: GraphicsMode = .blocks, placement: KittyPlacement = .cursor, paneOrigin: CellOrigin = .zero,
         playback: PlaybackSession, navigator: Navigator,
         desktop: MPRISService? = nil, paneWatcher: PaneWatcher? = nil, pacing: LinkPacing = .off,
         fallbackCells: FrameEncoder.Blitter? = nil) {
        self.session = session
        self.desktop = desktop
        self.output = output
        self.context = context
        self.playback = playback
        self.navigator = navigator
        scenes = []
        // The least colour tolerance is 0, so that a picture that changes little is drawn exactly;
        // the byte budget (about a third of mpv's terminal output's bytes on a busy picture) raises
        // each frame's as far as its changes require, and the adaptive tolerance raises the floor
        // on a slow terminal. A budget of 0 with a floor of 0 writes every colour exactly, always.
        let floor = context.options.colourTolerance, budget = context.options.byteBudget
        tolerance = AdaptiveTolerance(floor: floor, adapts: floor > 0 || budget.share > 0)
        renderer = FrameRenderer(colorMode: colorMode, tolerance: floor, graphics: graphics, kittyPlacement: placement)
        renderer.paneOrigin = paneOrigin
        // In pixel mode the cells are the controls, drawn exactly; the picture is an image.
        renderer.budget = budget.share > 0 && graphics == .blocks ? budget : nil
        canvas = Canvas(width: context.size.columns, height: context.size.rows)
        pane = PanePictures(watcher: paneWatcher, renderer: &renderer)
        pacer = LinkPacer(active: pacing != .off)
        baseColorMode = renderer.colorMode
        ladder = AppLoop.linkLadder(colorMode: baseColorMode, blitter: context.encoder.blitter)
        renderer.pacedByStatus = pacing != .off
        renderer.questionsThroughTmux = pacing == .throughTmux
        pictureRate = PictureRateFallback(enabled: fallbackCells != nil && graphics != .blocks)
        self.fallbackCells = fallbackCells ?? .quadrant
    }

    var top: Scene? { scenes.last }

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
        PollLoop.run(self)
        pane?.stop()
        // The last screen goes out whole (the end of the video's last frame, the screen before q)
        // rather than cut short by the restore, unless a signal or Ctrl-C asks to stop at once.
        if (exitCode ?? 0) <= 128 { _ = try? output.finish(within: AppLoop.exitPatience) }
        awaitLastImages(until: monotonicNow() + AppLoop.exitPatience)
        let now = monotonicNow()
        for scene in scenes.reversed() { scene.willHide(now: now) }
        saveLine = playback.saveResumePositionAtExit(now: now)
        // Shots still on their way get a little time after q (none after a signal); the rest
        // are said to be lost.
        screenshotLines = playback.screenshots.finish(patience: (exitCode ?? 0) <= 128 ? ScreenshotQueue.exitPatience : 0, player: playback.player)
        return exitCode ?? 0
    }

    /// Reads the terminal's replies until the last images are acknowledged or `deadline`, so
    /// that an acknowledgement late through tmux's passthrough is read here, not echoed into
    /// the shell once the terminal is restored. Keys are dropped.
    private func awaitLastImages(until deadline: Double) {
        while renderer.isAwaitingTerminal(now: monotonicNow()), case let left = deadline - monotonicNow(), left > 0 {
            var entries = [PollEntry(session.fileDescriptor, events: .readable)]
            guard (try? Poll.wait(&entries, timeout: left)) ?? 0 > 0 else { continue }
            inputBuffer.removeAll(keepingCapacity: true)
            guard let count = try? session.readInput(into: &inputBuffer), count > 0 else { return }
            for case .reply(let reply) in decoder.feed(inputBuffer, now: monotonicNow()) { renderer.receive(reply) }
        }
    }

    /// One pass of the loop, after its wait (``nextWait(now:)``, in `AppLoop+Waiting.swift`).
    func pass(now: Double) {
        handleSignals(now: now)
        guard exitCode == nil else { return }
        let hadInput = readInput(now: now)
        guard exitCode == nil, let current = top else { return }
        // Flushed first, so that a screen whose last bytes go out now does not cost a frame.
        flushOutput()
        if case .ask(let question) = pacer.event(.tick, now: now) { ask(question) }
        let result = playback.pump(now: now)
        playback.tick(now: now)
        apply(current.pump(now: now, session: result, canTakeFrame: outputState(now: now).isReady), now: now)
        // A frame no scene wanted is let go, so that mpv's video output never waits.
        _ = playback.frames.take(from: playback.player, size: context.pixelSize, draw: false, now: now)
        follow(result, now: now)
        if pane?.follow(&renderer, now: now) == true { _ = scheduler.event(.redrawRequested, now: now) }
        if heldBehind, outputState(now: now).isReady {
            heldBehind = false
            if playback.frames.isBehind { _ = scheduler.event(.redrawRequested, now: now) }
        }
        if restOfCut, outputState(now: now).isReady { restOfCut = false; _ = scheduler.event(.redrawRequested, now: now) }
        runOutsideCommands(seeked: result.restarted, now: now)
        checkPictureRate(now: now)
        refineStill(now: now)
        if let current = top { apply(current.tick(now: now), now: now) }
        drawIfNeeded(now: now)
        // A sync point for tests: the input read above is handled, and what it changed drawn
        // if the terminal had taken the last screen (else on a later pass, as any change).
        if hadInput { TraceLog.shared?.record("handled") }
    }

    /// Everything reel's own stats line reports.
    var bytesWritten: Int { output.bytesWritten }
    /// How pictures are drawn (``GraphicsMode/name``), and how many images were sent.
    var graphicsName: String { renderer.graphics?.mode.name ?? "blocks" }
    /// The pane's top-left cell in tmux's client (``FrameRenderer/paneOrigin``), where images
    /// through passthrough are placed from: set it when the pane moves, and the images go again,
    /// at the new place, with the next screen drawn.
    var paneOrigin: CellOrigin {
        get { renderer.paneOrigin }
        set { renderer.paneOrigin = newValue }
    }
    /// The colour tolerance the last screen was rendered with.
    var lastFrameTolerance: UInt8 { renderer.lastFrameTolerance }
    var imagesSent: Int { renderer.graphics?.imagesSent ?? 0 }

    // MARK: Scenes

    /// Carries out what a scene asked for: quit, a new place, back, a redraw, a suspend.
    func apply(_ request: SceneRequest?, now: Double) {
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
            _ = scheduler.event(.redrawRequested, now: now)
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

    /// Brings `scene` to the front: at the terminal's size, told so, and drawn whole.
    private func show(_ scene: Scene, now: Double) {
        scene.resize(to: context, now: now)
        scene.didShow(now: now)
        renderer.invalidate()
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
        } else if context.encoder.blitter == .sextant, let cell = size.cellPixels, CellModel(reported: cell) != context.encoder.cell {
            // A new font size: the sextant fit measures the glyphs on the new cell.
            let encoder = context.encoder
            context.encoder = FrameEncoder(blitter: encoder.blitter, dithersToPalette: encoder.dithersToPalette,
                                           cell: CellModel(reported: cell))
        }
        guard force || size != context.size else { return }
        context.size = size
        canvas = Canvas(width: size.columns, height: size.rows)
        renderer.invalidate()
        top?.resize(to: context, now: now)
    }

    private func suspend(now: Double) {
        output.discardPending()
        // The answers to what was asked go to the shell, or nowhere.
        _ = pacer.event(.forget, now: now)
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
                receive(reply, now: now)  // the terminal's, never a scene's
                continue
            }
            // Help, quit, interrupt, suspend and redraw are decided here, by the table and the
            // scene's mode, before the scene sees the key.
            if case .key(let key) = event,
               let global = GlobalCommand.route(key, commands: context.commands, screen: scene.screenKind, mode: scene.keyMode) {
                run(global, on: scene, now: now)
                continue
            }
            inputSinceScreen = true
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

    /// Takes one of the terminal's replies into account: an image's acknowledgement, an answer
    /// to a question after a screen.
    private func receive(_ reply: TerminalReply, now: Double) {
        renderer.receive(reply)
        switch reply {
        case .status: _ = pacer.event(.answered(.status), now: now)
        case .deviceAttributes: _ = pacer.event(.answered(.attributes), now: now)
        default: break
        }
        TraceLog.shared?.record("answer \(pacer.outstanding.count) in flight \(pacer.bytesInFlight)", now: now)
    }

    /// Writes `question` alone, after whatever is being written.
    private func ask(_ question: LinkPacer.Question) {
        do { try output.append(renderer.question(status: question == .status)) } catch { exitCode = 1 }
        TraceLog.shared?.record("asked again \(pacer.reasks)")
    }

    private func drawIfNeeded(now: Double) {
        guard let scene = top, scheduler.event(.passEnded(outlook(scene, now: now)), now: now) == .draw else { return }
        let start = monotonicNow()
        // Only a scene that follows the pointer asks for its every move (mode 1003).
        canvas.reportsPointerMotion = false
        noteFigures(scene, now: now)
        playback.frames.picturesHeld = !outputState(now: now).isReady
        heldBehind = heldBehind || playback.frames.picturesHeld
        scene.draw(into: &canvas, now: now)
        outputBytes.removeAll(keepingCapacity: true)
        let setting = ladder.rung.setting
        renderer.tolerance = max(tolerance.current, setting.toleranceFloor ?? 0)
        if renderer.graphics == nil { renderer.colorMode = setting.palette ? .palette256 : baseColorMode }
        renderer.frameCap = pacer.frameBytes()
        renderer.linkRate = pacer.sizingRate
        let catchingUp = renderer.lastFrameCut, rewriting = renderer.cells.isRewriting
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
        // The question after the screen, answered once the terminal has read it.
        let picture = playback.frames.rendered != framesAtLastScreen || catchingUp
        framesAtLastScreen = playback.frames.rendered
        let screenBytes = outputBytes.count
        inputSinceScreen = false
        if pacer.isActive { outputBytes += renderer.question(status: true) }
        do { _ = try output.submit(outputBytes) } catch { exitCode = 1 }
        _ = pacer.event(.wrote(bytes: screenBytes, picture: picture), now: now)
        lastScreenAt = now
        if picture { lastPictureAt = now }
        noteLadder(picture: picture, rewriting: rewriting, now: now)
        // The rows a cut frame did not reach go with the next screen, once this one is answered.
        restOfCut = renderer.lastFrameCut
        if output.isIdle {
            tolerance.screenDrained(submitted: now, drained: now)
        } else {
            submittedAt = now
        }
        TraceLog.shared?.record("draw \(outputBytes.count)")
    }
}
