import Commands
import Desktop
import Drawing
import Formatting
import History
import Library
import MediaJobs
import Options
import Playback
import Screens
import System
import Graphics
import Terminal
import Tmux

/// reel's entry point: options, checks, the terminal session and the loop, and the exit code.
public enum ReelApp {
    /// Runs reel with the arguments after the program name; returns the exit code.
    public static func main(arguments: [String]) -> Int32 {
        if arguments.first == ExitGuard.mode {
            return ExitGuard.main(arguments: Array(arguments.dropFirst()), environment: environmentDictionary())
        }
        processStart = monotonicNow()
        let options: ReelOptions, commands: CommandTable
        do {
            (options, commands) = try ReelOptions.settings(arguments, environment: environmentDictionary())
        } catch {
            printError("reel: \(error)")
            return 2
        }
        if let text = ReelOptions.text(for: options.action, commands: commands) {
            // A write that fails (`--help > /dev/full`) is said, not taken for success.
            guard let reason = printOut(text) else { return 0 }
            printError("reel: cannot write the output: \(reason)")
            return 1
        }
        if options.action == .forgetAll { return forgetAll(environment: environmentDictionary()) }
        TraceLog.open(options.trace)
        if let error = LogFileCheck.problem(with: options.mpv.logFile) {
            printError("reel: \(error)")
            return 2
        }
        if let error = IPCSocket.problem(with: options.mpv.ipcServer) {
            printError("reel: \(error)")
            return 2
        }
        if !options.colorsGiven, case .textOnly(let term) = TerminalType(environment: environmentDictionary()) {
            printError("reel: this terminal (\(term)) cannot show video; set TERM, or pass --colors=256 or --colors=truecolor")
            return 1
        }
        let plan: InputPlan
        switch InputCheck.plan(for: options.paths, recursive: options.recursive, 
                                   standardInput: .current(closedAtStart: closedAtStart.contains(0))) {
        case .failure(let failure):
            printError(failure.line)
            return 1
        case .success(let checked):
            plan = checked
        }
        // Folders are read by a scan that goes on while the list shows; what it finds in its first
        // moments decides whether there is anything to list at all, before the terminal is touched.
        var start = ScanStart()
        if plan.hasFolder {
            start.job = ScanJob.start(plan.localPaths, recursive: options.recursive)
            start.batch = start.job?.waitForFiles(seconds: 0.3)
            if start.batch?.isFinished == true { start.job?.stop(); start.job = nil }
            if plan.sources.isEmpty, start.batch?.files.isEmpty ?? true, start.job == nil {
                var skipped = LibraryScan(title: "")
                if let batch = start.batch { skipped.skip(batch.skipped, count: batch.skippedCount) }
                printError(LibraryScanner.emptyLine(paths: options.paths, note: skipped.skippedNote, recursive: options.recursive))
                return 1
            }
        }
        StandardError.divert(to: options.mpv.logFile, firstLine: Array(LogFileCheck.runLine(processID: CurrentProcess.id).utf8))
        defer { StandardError.restore() }
        return run(plan, scan: start, options: options, commands: commands)
    }

    /// A folder scan begun before the terminal: what it found so far, and the job still reading.
    struct ScanStart {
        var job: ScanJob?
        var batch: LibraryScanBatch?
    }

    /// Makes the session over `plan`'s items, starts opening the first one before the terminal is
    /// touched (so that a file mpv cannot open at once is reported on a clean terminal, exit 1),
    /// then runs the loop until quit, restores the terminal and returns the exit code.
    static func run(_ plan: InputPlan, scan: ScanStart, options: ReelOptions, commands: CommandTable) -> Int32 {
        let environment = environmentDictionary()
        let session: TerminalSession
        do {
            session = try TerminalSession()
        } catch {
            printError("reel: cannot open the terminal: \(error)")
            return 1
        }
        var size = (try? session.size()) ?? TerminalSize(columns: 80, rows: 24)
        let colorMode = options.colors ?? .detect(environment: environment)
        // Before anything outside reel changes (tmux's passthrough, /dev/shm), and alive until
        // the process ends: the first defer runs last, after every restore of the run's own.
        let exitGuard = ExitGuard.start()
        defer { withExtendedLifetime(exitGuard) {} }
        var tmux = TmuxPicture.prepare(options: options, environment: environment)
        // After the terminal's restore on every return (a fatal signal's handler runs its own).
        defer { tmux.passthrough?.restore() }
        let (picture, capabilities) = choosePicture(session: session, size: size, options: options, environment: environment, tmux: &tmux)
        let pacing = linkPacing(capabilities: capabilities, environment: environment, tmux: tmux, options: options)
        let graphics = picture.graphics
        // The sextant fit measures its glyphs on the cell's own pixels, where the terminal gives them.
        let encoder = FrameEncoder(blitter: picture.blitter, dithersToPalette: colorMode == .palette256 && picture.graphics == .blocks,
                                   cell: CellModel(reported: size.cellPixels))
        if let cell = graphics.cell { size = size.withCellPixels(cell) }
        var context = SceneContext(size: size, encoder: encoder, options: options, commands: commands)
        context.fadesText = !graphics.textOverPicturesIsCostly
        let found = scan.batch?.files ?? []
        // Nothing to play given: the continue-watching list, from the resume records.
        let history = options.paths.isEmpty
            ? WatchHistory(directory: ResumeStore.defaultDirectory(environment: environment), now: WallClock.now(),
                           utcOffset: WallClock.utcOffset())
            : nil
        let items = history?.items ?? zip(plan.sources, plan.names).map { PlaylistItem(source: $0, name: $1) }
            + found.map { PlaylistItem(source: .file($0.path), name: $0.name) }
        // $HOME is the system's to make: a missing one turns resuming off, with a notice.
        let home = environment["HOME"].map { FilePath($0) }
        let resume = options.resume
            ? ResumeStore.defaultDirectory(environment: environment).map { ResumeStore(directory: $0, home: home) } : nil
        let playback: PlaybackSession
        // A fatal signal's handler removes mpv's socket too, from the moment mpv can make it.
        TerminalSession.removeOnFatalSignal(socket: options.mpv.ipcServer.map { Array($0.bytes) })
        do {
            playback = try PlaybackSession(items: items, options: options, pixelAspect: context.pixelAspect,
                                           supersampling: context.encoder.blitter.supersampling,
                                           pictureGrain: PictureGrain(context.encoder.pictureGrain),
                                           videoHeight: context.pixelSize.height, resume: resume)
        } catch {
            printError("reel: cannot start mpv: \(error)")
            IPCSocket.remove(options.mpv.ipcServer)
            return 1
        }
        // mpv leaves its socket behind; every return from here on removes it, a signal's too.
        defer {
            IPCSocket.remove(options.mpv.ipcServer)
            TerminalSession.removeOnFatalSignal(socket: nil)
        }
        if let notice = picture.notice { playback.notices.append(notice) }
        playback.screenshots.writer = ScreenshotWriter(directory: options.screenshotDirectory ?? ScreenshotWriter.defaultDirectory(environment: environment),
                                                template: options.screenshotTemplate, home: home)
        playback.player.logNote("picture: \(picture.name), graphics \(picture.graphics.name), colours \(colorMode)"
                                + (tmux.whyCells.map { " (\($0))" } ?? ""))
        let thumbnails = ThumbnailCache(directory: ThumbnailCache.defaultDirectory(environment: environment), home: home)
        // MPRIS2, when there is a session bus; silently nothing without one.
        let art = CoverArt.defaultDirectory(environment: environment).map { CoverArt(directory: $0, thumbnails: thumbnails, home: home) }
        let desktop = options.mpris ? MPRISService.start(environment: environment, art: art, note: playback.player.logNote) : nil
        let places = Navigator.startPlaces(itemCount: items.count, hasFolder: plan.hasFolder || history != nil, options: options)
        var skipped = LibraryScan(title: plan.title)
        if let batch = scan.batch { skipped.skip(batch.skipped, count: batch.skippedCount) }
        let navigator = Navigator(session: playback, startPlaces: places,
                                  list: .init(title: history == nil ? plan.title : "Continue watching", scanned: skipped,
                                              files: found, scan: scan.job, streams: plan.sources.count, history: history,
                                              emptyHelp: howToStart(environment: environment)),
                                  thumbnails: thumbnails)
        navigator.prepareStart(options: options, now: monotonicNow())
        if let code = preflight(playback, places: places, signals: session) { return code }

        let output: TerminalOutput
        do {
            output = try TerminalOutput()
            let images = GraphicsRenderer(mode: graphics, placement: tmux.placement)
            session.setGraphicsSequences(enter: images.enterSequence, restore: images.restoreSequence)
            try session.enter()
        } catch {
            session.restore()
            printError("reel: cannot use the terminal: \(error)")
            return 1
        }
        // The loop and its scenes are gone when this closure returns; the session, the navigator
        // and with them the mpv player when this function does, before main exits.
        let (code, lines): (Int32, [String?]) = {
            let loop = AppLoop(session: session, output: output, context: context, colorMode: colorMode,
                               graphics: graphics, placement: tmux.placement, paneOrigin: tmux.origin, playback: playback,
                               navigator: navigator, desktop: desktop,
                               // Placeholders are tmux's own cells: tmux hides and moves them itself.
                               paneWatcher: graphics == .blocks || tmux.placement == .placeholders
                                   ? nil : PaneWatcher.start(environment: environment),
                               pacing: pacing,
                               // A protocol `auto` chose steps down to cells if it misses the frame rate.
                               fallbackCells: options.graphics == .auto ? picture.cells : nil)
            loop.renderer.sixelInPieces = GraphicsMode.sixelInPieces(answer: capabilities.terminalVersion.flatMap(TerminalVersion.init))
            let code = loop.run()
            let why = loop.cellsBecause.map { $0.split(separator: " ").joined(separator: "_") } ?? tmux.whyCells
            let stats = options.stats ? statsLine(loop: loop, playback: playback) + (why.map { " cells_because \($0)" } ?? "") : nil
            return (code, [loop.exitLine, loop.saveLine] + loop.screenshotLines + [stats])
        }()
        session.restore()
        for line in lines.compactMap({ $0 }) { printError(line) }
        // A signal's 128 + N is returned too, not exited with here: mpv shuts down in order
        // (mpv_terminate_destroy) as the locals go, even after a signal, and the deferred
        // removal of mpv's IPC socket runs. Exiting here left mpv running, and LeakSanitizer
        // found the chapter list it held (docs/sanitizers.md).
        return code
    }

    /// How pictures are drawn on this terminal (``BlitterChoice``): `--blitter` and `--graphics`,
    /// and what the terminal answers at start (``TerminalSession/probeCapabilities(timeout:patience:sharedMemory:clock:)``,
    /// which leaves the terminal in raw mode). No question is asked when the answer cannot
    /// matter (cells with a blitter named, or anything inside screen but a forced protocol).
    /// Inside tmux (`tmux`, from ``TmuxPicture/prepare(options:environment:)``) the terminal behind it is
    /// asked through passthrough, and only with a client attached; the mode and its route come
    /// from ``TmuxPicture/choosePixels(options:capabilities:size:)``.
    static func choosePicture(session: TerminalSession, size: TerminalSize, options: ReelOptions,
                              environment: [String: String], tmux: inout TmuxPicture) -> (BlitterChoice, TerminalCapabilities) {
        let multiplexed = Multiplexer.isInside(environment: environment, answer: nil)
        let inTmux = TmuxClient.command(environment: environment) != nil
        let throughTmux = tmux.probesThrough
        // Inside tmux the terminal is asked only through passthrough: asked directly, tmux takes
        // kitty's query for a title.
        let forPicture = BlitterChoice.needsProbe(blitter: options.blitter, graphics: options.graphics, multiplexed: multiplexed && !throughTmux)
            && (throughTmux || !inTmux)
        // Asked whatever the picture, for the status answer that paces the screens, where it can
        // pace them: the terminal itself, or tmux's client through passthrough.
        let asks = forPicture || throughTmux || !multiplexerHere(environment)
        let probed = asks ? (try? session.probeCapabilities(throughTmux: throughTmux, clock: monotonicNow)) ?? TerminalCapabilities()
            : TerminalCapabilities()
        var capabilities = forPicture ? probed : TerminalCapabilities()
        capabilities.answersStatus = probed.answersStatus
        let pixels = options.graphics == .blocks ? GraphicsMode.blocks
            : inTmux ? tmux.choosePixels(options: options, capabilities: capabilities, size: size)
            : GraphicsMode.choose(options.graphics, capabilities: capabilities, size: size, environment: environment)
        let richest = options.blitter == .auto
            ? richestCellBlitter(capabilities: capabilities, environment: environment, multiplexed: multiplexed,
                                 clients: tmux.view?.clients.map(\.termType)) : .quadrant
        let choice = BlitterChoice.choose(blitter: options.blitter, graphics: options.graphics, pixels: pixels,
                                          richest: richest, multiplexed: multiplexed)
        if inTmux { tmux.settlePassthrough(graphics: choice.graphics, capabilities: capabilities) }
        TraceLog.shared?.record("picture \(choice.name) graphics \(choice.graphics.name) \(capabilities)")
        return (choice, capabilities)
    }

    /// Whether the screens are paced to the terminal's answers: when it answered the probe's
    /// status question, outside a multiplexer on this machine (whose own answer says nothing of
    /// its client's terminal) or inside tmux through passthrough
    /// (``TmuxPicture/pacesThroughPassthrough``). A TERM of `tmux-…` or `screen-…` alone is a
    /// multiplexer at the near end of SSH: its answers come after the link, so they pace.
    static func linkPacing(capabilities: TerminalCapabilities, environment: [String: String], tmux: TmuxPicture,
                           options: ReelOptions = ReelOptions()) -> LinkPacing {
        guard capabilities.answersStatus, options.linkPacing else { return .off }
        if TmuxClient.command(environment: environment) != nil { return tmux.pacesThroughPassthrough ? .throughTmux : .off }
        return multiplexerHere(environment) ? .off : .direct
    }

    /// Whether reel runs inside tmux or screen on this machine (`TMUX`, `STY`).
    static func multiplexerHere(_ environment: [String: String]) -> Bool {
        [environment["TMUX"], environment["STY"]].contains { !($0 ?? "").isEmpty }
    }

    /// The richest cell blitter the terminal is known to draw (``TextGlyphs``): from its XTVERSION
    /// answer or its environment, or inside tmux from what tmux says of its clients' terminals.
    static func richestCellBlitter(capabilities: TerminalCapabilities, environment: [String: String],
                                   multiplexed: Bool, clients known: [String]? = nil) -> FrameEncoder.Blitter {
        let clients = multiplexed ? known ?? TmuxClient.terminalTypes(environment: environment) : []
        let glyphs = TextGlyphs.known(environment: environment, capabilities: capabilities, multiplexerClients: clients)
        TraceLog.shared?.record("glyphs \(glyphs) clients \(clients)")
        return glyphs.automatic.blitter
    }

    /// Runs the loop's first stage (``StartWait``) when the run starts on the player alone:
    /// returns the exit code when the run ends there, before the terminal is touched.
    static func preflight(_ playback: PlaybackSession, places: [Place], signals: TerminalSession) -> Int32? {
        guard case .player? = places.last, places.count == 1 else { return nil }
        let wait = StartWait(playback: playback, signals: signals, start: monotonicNow())
        PollLoop.run(wait)
        return wait.exitCode
    }

    /// The run's exit line for a failure of `item` (nil: none known), named inert, and the reason.
    static func failureLine(_ reason: String, item: PlaylistItem?) -> String {
        "reel: \(item.map(failureName) ?? "reel"): \(reason)"
    }

    /// How an error line names an item: the path or URL as given, made inert.
    static func failureName(_ item: PlaylistItem) -> String {
        switch item.source {
        case .file(let path): UsageError.visible(path.description)
        case .url(let url): UsageError.visible(url)
        case .standardInput: "standard input"
        }
    }
}


/// The one-line `--stats` summary: frames shown, dropped and in the source, bytes written,
/// the time to compose and encode a screen (median and 95th percentile), the largest RSS, the
/// time mpv took to render a frame (median and 95th percentile), and the highest colour
/// tolerance a screen was rendered with (raised by the byte budget or a slow terminal).
func statsLine(loop: AppLoop, playback: PlaybackSession) -> String {
    let draw = loop.stats.drawTimes, render = playback.frames.renderTimes, preview = loop.navigator.previewLatencies
    let source = playback.sourceFrameCount.map(String.init) ?? "?"
    return "reel stats: frames shown \(playback.frames.rendered) dropped \(playback.frames.skipped) source \(source)"
        + " bytes \(loop.bytesWritten) encode_ms median \(ms(draw.percentile(0.5)))"
        + " p95 \(ms(draw.percentile(0.95))) max_rss_kib \(maxResidentKiB())"
        + " render_ms median \(ms(render.percentile(0.5))) p95 \(ms(render.percentile(0.95)))"
        + " tolerance_max \(loop.highestTolerance) first_screen_ms \(ms(loop.stats.firstScreenMilliseconds))"
        + " graphics \(loop.graphicsName) blitter \(loop.context.encoder.blitter.name) images \(loop.imagesSent)"
        + " previews \(preview.count) preview_ms median \(ms(preview.percentile(0.5))) p95 \(ms(preview.percentile(0.95)))"
}

/// Milliseconds with two decimals, for the stats lines.
func ms(_ value: Double) -> String { DecimalText.format(value, maximumFractionDigits: 2, minimumFractionDigits: 2) }
