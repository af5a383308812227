import Glibc
import Playback
import Screens
import Terminal

/// reel's entry point: options, checks, the terminal session and the loop, and the exit code.
public enum ReelApp {
    /// Runs reel with the arguments after the program name; returns the exit code.
    public static func main(arguments: [String]) -> Int32 {
        processStart = monotonicNow()
        let options: ReelOptions
        do {
            options = try ReelOptions.parse(arguments)
        } catch {
            printError("reel: \(error)")
            return 2
        }
        switch options.action {
        case .help:
            printOut(HelpText.usage + "\n")
            return 0
        case .version:
            printOut(HelpText.versionLine + "\n")
            return 0
        case .run:
            break
        }
        switch InputCheck.plan(for: options.paths) {
        case .failure(let failure):
            printError(failure.line)
            return 1
        case .success(.file(let path)):
            StandardError.divert(to: options.logFile)
            defer { StandardError.restore() }
            return playFile(path, options: options)
        case .success(.library(let paths)):
            StandardError.divert(to: options.logFile)
            defer { StandardError.restore() }
            return browse(paths, options: options)
        }
    }

    /// Opens the library over `paths`: scans them before touching the terminal, so that a folder
    /// with nothing to list is one line on stderr (exit 1); then runs the list, with the player
    /// pushed over it for each file opened, until quit.
    static func browse(_ paths: [String], options: ReelOptions) -> Int32 {
        let scan = LibraryScanner.scan(paths, recursive: options.recursive)
        guard !scan.files.isEmpty else {
            printError(emptyLibraryLine(paths: paths, scan: scan, recursive: options.recursive))
            return 1
        }
        let environment = environmentDictionary()
        let cache = ThumbnailCache(directory: ThumbnailCache.defaultDirectory(environment: environment))
        return runInTerminal(options: options, environment: environment) { context in
            do {
                return .success(try LibraryScene(scan: scan, cache: cache, context: context, now: monotonicNow()))
            } catch {
                return .failure("reel: cannot start the library: \(error)")
            }
        } report: { loop in
            "reel stats: screens \(loop.stats.screensDrawn) first_screen_ms \(ms(loop.stats.firstScreenMilliseconds))"
                + " encode_ms median \(ms(loop.stats.drawTimes.percentile(0.5)))"
                + " p95 \(ms(loop.stats.drawTimes.percentile(0.95))) max_rss_kib \(maxResidentKiB())"
        }
    }

    /// The line for a library with nothing in it: what was looked at, and a hint.
    static func emptyLibraryLine(paths: [String], scan: LibraryScan, recursive: Bool) -> String {
        let what = paths.count == 1 ? UsageError.visible(paths[0]) : "\(paths.count) paths"
        var line = "reel: \(what): no files to play"
        if let note = scan.skippedNote { line += " (\(note))" } else if !recursive { line += " (subfolders are read with --recursive)" }
        return line
    }

    /// Plays one file: loads it before touching the terminal, so a file mpv cannot play is
    /// reported on a clean terminal; then runs the player screen, or with `--poster` the poster
    /// card, until quit.
    static func playFile(_ path: String, options: ReelOptions) -> Int32 {
        weak var playback: PlaybackController?
        return runInTerminal(options: options, environment: environmentDictionary()) { context in
            switch PlaybackController.open(path, context: context) {
            case .failure(let failure):
                return .failure(RootFailure(failure.line))
            case .success(let opened):
                playback = opened
                let now = monotonicNow()
                if options.poster {
                    return .success(PosterScene(path: path, playback: opened, canClose: false, context: context, now: now))
                }
                let scene = PlayerScene(playback: opened, fileName: fileName(of: path), canClose: false, context: context, now: now)
                if !options.pause { opened.perform(.play, now: now) }
                return .success(scene)
            }
        } report: { loop in
            playback.map { statsLine(loop: loop, playback: $0) } ?? ""
        }
    }

    /// Opens the terminal, makes the first scene with `makeRoot` before the terminal is changed
    /// (so that its failure line lands on a clean terminal, exit 1), then runs the loop until a
    /// scene quits, restores the terminal and returns the exit code. With `--stats`, `report`'s
    /// line goes to stderr at the end.
    static func runInTerminal(options: ReelOptions, environment: [String: String],
                              makeRoot: (SceneContext) -> Result<Scene, RootFailure>,
                              report: (AppLoop) -> String) -> Int32 {
        let session: TerminalSession
        do {
            session = try TerminalSession()
        } catch {
            printError("reel: cannot open the terminal: \(error)")
            return 1
        }
        let size = (try? session.size()) ?? TerminalSize(columns: 80, rows: 24)
        let encoder = FrameEncoder(blitter: options.blitter == .quadrant ? .quadrant : .half)
        let context = SceneContext(size: size, encoder: encoder, options: options)
        var root: Scene?
        switch makeRoot(context) {
        case .failure(let failure):
            printError(failure.line)
            return 1
        case .success(let scene):
            root = scene
        }

        let colorMode = ColorMode.parse(options.colors.rawValue, environment: environment) ?? .detect(environment: environment)
        let output: TerminalOutput
        do {
            output = try TerminalOutput()
            try session.enter()
        } catch {
            session.restore()
            printError("reel: cannot use the terminal: \(error)")
            return 1
        }
        // The loop, and with it every scene and mpv player, is gone before reel exits, whichever
        // way: mpv shuts down in order and saves what it must, even after a signal.
        let (code, line): (Int32, String?) = {
            guard let first = root else { return (1, nil) }
            root = nil
            let loop = AppLoop(session: session, output: output, context: context, colorMode: colorMode, root: first)
            let code = loop.run()
            return (code, options.stats ? report(loop) : nil)
        }()
        session.restore()
        if let line { printError(line) }
        if code > 128 {
            StandardError.restore()
            session.exitAfterRestore(signal: code - 128)
        }
        return code
    }
}

/// Why the first scene could not be made: the one line for stderr.
struct RootFailure: Error, ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    var line: String
    init(stringLiteral value: String) { line = value }
    init(_ line: String) { self.line = line }
}

extension PlayerConfiguration {
    /// The player's setup from the command line.
    static func from(_ options: ReelOptions) -> PlayerConfiguration {
        var configuration = PlayerConfiguration()
        configuration.audio = options.audio
        configuration.volume = options.volume
        configuration.mute = options.mute
        configuration.loop = options.loop
        configuration.speed = options.speed
        configuration.keepOpen = options.keepOpen || options.loop
        configuration.logFile = options.logFile
        configuration.loadUserConfig = options.mpvConfig
        if options.resume {
            configuration.watchLaterDirectory = resumeDirectory(environment: environmentDictionary())
            configuration.resume = configuration.watchLaterDirectory != nil
        }
        return configuration
    }

    /// Where resume positions live: `$XDG_STATE_HOME/reel/watch_later`, else
    /// `~/.local/state/reel/watch_later`; nil when neither can be known.
    static func resumeDirectory(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/reel/watch_later" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/state/reel/watch_later" }
        return nil
    }
}

extension StartPosition {
    init(_ start: ReelOptions.StartTime) {
        switch start {
        case .seconds(let seconds): self = .seconds(seconds)
        case .fromEnd(let seconds): self = .fromEnd(seconds)
        case .percent(let percent): self = .percent(percent)
        }
    }
}

/// The one-line `--stats` summary: frames shown, dropped and in the source, bytes written,
/// the time to compose and encode a screen (median and 95th percentile), the largest RSS, the
/// time mpv took to render a frame (median and 95th percentile), and the highest colour
/// tolerance a slow terminal made reel use.
func statsLine(loop: AppLoop, playback: PlaybackController) -> String {
    let draw = loop.stats.drawTimes, render = playback.renderTimes
    let source = playback.sourceFrameCount.map(String.init) ?? "?"
    return "reel stats: frames shown \(playback.framesRendered) dropped \(playback.framesSkipped) source \(source)"
        + " bytes \(loop.bytesWritten) encode_ms median \(ms(draw.percentile(0.5)))"
        + " p95 \(ms(draw.percentile(0.95))) max_rss_kib \(maxResidentKiB())"
        + " render_ms median \(ms(render.percentile(0.5))) p95 \(ms(render.percentile(0.95)))"
        + " tolerance_max \(loop.tolerance.highest)"
}

/// Milliseconds with two decimals, for the stats lines.
func ms(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
}
