import Glibc
import Playback
import Screens
import Terminal

/// reel's entry point: options, checks, the terminal session and the loop, and the exit code.
public enum ReelApp {
    /// Runs reel with the arguments after the program name; returns the exit code.
    public static func main(arguments: [String]) -> Int32 {
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
        case .success(.library):
            printError("reel: the library is not ready yet; give one file")
            return 2
        }
    }

    /// Plays one file: loads it before touching the terminal, so a file mpv cannot play is
    /// reported on a clean terminal; then runs the player screen until quit.
    static func playFile(_ path: String, options: ReelOptions) -> Int32 {
        let environment = environmentDictionary()
        let session: TerminalSession
        do {
            session = try TerminalSession()
        } catch {
            printError("reel: cannot open the terminal: \(error)")
            return 1
        }
        let size = (try? session.size()) ?? TerminalSize(columns: 80, rows: 24)
        let encoder = FrameEncoder(blitter: options.blitter == .quadrant ? .quadrant : .half)

        var configuration = PlayerConfiguration.from(options)
        configuration.pixelAspect = encoder.pixelAspect(cellAspect: size.cellAspect)
        configuration.startPaused = true
        let playback: PlaybackController
        do {
            playback = try PlaybackController(configuration: configuration)
            try playback.player.load(path, start: options.start.map(StartPosition.init))
        } catch {
            printError("reel: \(UsageError.visible(fileName(of: path))): \(error)")
            return 1
        }
        if let failure = waitUntilLoaded(playback, size: encoder.pixelSize(columns: size.columns, rows: size.rows)) {
            printError("reel: \(UsageError.visible(path)): \(failure)")
            return 1
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
        var screenConfiguration = PlayerScreen.Configuration()
        screenConfiguration.hideDelay = options.hideDelay
        screenConfiguration.seekInterval = options.seekInterval
        screenConfiguration.reduceMotion = options.reduceMotion
        screenConfiguration.screenReader = options.screenReader
        screenConfiguration.fileName = fileName(of: path)
        screenConfiguration.cellAspect = size.cellAspect
        let screen = PlayerScreen(configuration: screenConfiguration, columns: size.columns, rows: size.rows,
                                  now: monotonicNow())
        let loop = AppLoop(session: session, output: output, options: options, size: size, playback: playback,
                           screen: screen, colorMode: colorMode)
        playback.perform(.play, now: monotonicNow())
        let code = loop.run()
        session.restore()
        if options.stats { printError(loop.statsLine()) }
        if code > 128 {
            StandardError.restore()
            session.exitAfterRestore(signal: code - 128)
        }
        return code
    }

    /// Pumps mpv until the file is loaded or has failed; returns the failure's explanation.
    private static func waitUntilLoaded(_ playback: PlaybackController, size: (width: Int, height: Int)) -> String? {
        let deadline = monotonicNow() + 10
        while monotonicNow() < deadline {
            var descriptor = pollfd(fd: playback.wakeupDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 50)
            _ = playback.processEvents(now: monotonicNow())
            if let error = playback.loadError { return error.explanation }
            if playback.isReady, playback.status.duration != nil || !playback.status.hasVideo { return nil }
            _ = playback.takeFrame(size: size, draw: false)
        }
        return playback.isReady ? nil : "mpv did not open the file within 10 s"
    }
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
        return configuration
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

extension AppLoop {
    /// The one-line `--stats` summary.
    func statsLine() -> String {
        let draw = stats.drawMilliseconds
        let median = RunStats.percentile(draw, 0.5), p95 = RunStats.percentile(draw, 0.95)
        func ms(_ value: Double) -> String {
            let hundredths = Int((value * 100).rounded())
            return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
        }
        let source = playback.status.duration.map { _ in "" } ?? ""
        return "reel stats: frames shown \(stats.framesDrawn) dropped \(playback.framesSkipped)\(source) "
            + "bytes \(output.bytesWritten) encode_ms median \(ms(median)) p95 \(ms(p95)) max_rss_kib \(maxResidentKiB())"
    }
}
