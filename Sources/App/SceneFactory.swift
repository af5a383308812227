import Playback

/// Makes the scene that opens one file, for the library and for the command line.
enum SceneFactory {
    /// Loads `path` in a new player and returns the scene that shows it, or the one-line reason
    /// mpv could not play it. `canClose` is true when closing goes back to something (the
    /// library); from the command line, closing quits.
    static func openFile(_ path: String, canClose: Bool, context: SceneContext, now: Double) -> Result<Scene, OpenFailure> {
        switch PlaybackController.open(path, context: context) {
        case .failure(let failure): return .failure(failure)
        case .success(let playback):
            let scene = PlayerScene(playback: playback, fileName: fileName(of: path), canClose: canClose,
                                    context: context, now: now)
            if !context.options.pause { playback.perform(.play, now: now) }
            return .success(scene)
        }
    }
}

/// Why a file could not be opened, in mpv's words.
struct OpenFailure: Error, Equatable {
    var path: String
    var reason: String

    /// The one line for stderr: `reel: PATH: reason`, with the path made inert.
    var line: String { "reel: \(UsageError.visible(PathEncoding.displayName(path))): \(reason)" }
}

extension PlaybackController {
    /// Creates a player for `path`, loads it paused and waits (up to 10 s) until mpv has opened
    /// it or failed; frames that come meanwhile are let go.
    static func open(_ path: String, context: SceneContext) -> Result<PlaybackController, OpenFailure> {
        var configuration = PlayerConfiguration.from(context.options)
        configuration.pixelAspect = context.pixelAspect
        configuration.startPaused = true
        let playback: PlaybackController
        do {
            playback = try PlaybackController(configuration: configuration)
            try playback.player.load(path, start: context.options.start.map(StartPosition.init))
        } catch {
            return .failure(OpenFailure(path: path, reason: "\(error)"))
        }
        if let failure = playback.waitUntilLoaded(size: context.pixelSize) {
            return .failure(OpenFailure(path: path, reason: failure))
        }
        return .success(playback)
    }
}
