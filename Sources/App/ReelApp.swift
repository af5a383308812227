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

        let context = SceneContext(size: size, encoder: encoder, options: options)
        let playback: PlaybackController
        switch PlaybackController.open(path, context: context) {
        case .failure(let failure):
            printError(failure.line)
            return 1
        case .success(let opened):
            playback = opened
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
        let now = monotonicNow()
        let scene = PlayerScene(playback: playback, fileName: fileName(of: path), canClose: false, context: context, now: now)
        let loop = AppLoop(session: session, output: output, context: context, colorMode: colorMode, root: scene)
        playback.perform(.play, now: now)
        let code = loop.run()
        session.restore()
        if options.stats { printError(statsLine(loop: loop, playback: playback)) }
        if code > 128 {
            StandardError.restore()
            session.exitAfterRestore(signal: code - 128)
        }
        return code
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

/// The one-line `--stats` summary: frames shown, dropped and in the source, bytes written,
/// the time to compose and encode a screen (median and 95th percentile), the largest RSS, the
/// time mpv took to render a frame (median and 95th percentile), and the highest colour
/// tolerance a slow terminal made reel use.
func statsLine(loop: AppLoop, playback: PlaybackController) -> String {
    let draw = loop.stats.drawTimes, render = playback.renderTimes
    func ms(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }
    let source = playback.sourceFrameCount.map(String.init) ?? "?"
    return "reel stats: frames shown \(playback.framesRendered) dropped \(playback.framesSkipped) source \(source)"
        + " bytes \(loop.bytesWritten) encode_ms median \(ms(draw.percentile(0.5)))"
        + " p95 \(ms(draw.percentile(0.95))) max_rss_kib \(maxResidentKiB())"
        + " render_ms median \(ms(render.percentile(0.5))) p95 \(ms(render.percentile(0.95)))"
        + " tolerance_max \(loop.tolerance.highest)"
}
