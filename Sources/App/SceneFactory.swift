import Playback

/// Makes the scene that opens one file from the library: its poster card.
enum SceneFactory {
    /// Loads `path` in a new player, paused, and returns its poster card, or why mpv could not
    /// play it (in mpv's words). `canClose` is true when Esc on the card goes back to something (the
    /// library); from the command line, it quits.
    static func openFile(_ path: String, canClose: Bool, context: SceneContext, now: Double) -> Result<Scene, InputFailure> {
        PlaybackController.open(path, context: context).map { playback in
            PosterScene(path: path, playback: playback, canClose: canClose, context: context, now: now)
        }
    }
}

extension PlaybackController {
    /// Creates a player for `path`, loads it paused and waits (up to 10 s) until mpv has opened
    /// it or failed; frames that come meanwhile are let go.
    static func open(_ path: String, context: SceneContext) -> Result<PlaybackController, InputFailure> {
        var configuration = PlayerConfiguration.from(context.options)
        configuration.pixelAspect = context.pixelAspect
        configuration.startPaused = true
        let playback: PlaybackController
        do {
            playback = try PlaybackController(configuration: configuration)
            try playback.player.load(path, start: context.options.start.map(StartPosition.init))
        } catch {
            return .failure(InputFailure(path: path, reason: "\(error)"))
        }
        if let failure = playback.waitUntilLoaded(size: context.pixelSize) {
            return .failure(InputFailure(path: path, reason: failure))
        }
        // mpv applied a saved position when no start was asked for: say so on screen.
        if context.options.start == nil, configuration.resume, let position = playback.status.position, position >= 1 {
            playback.resumedAt = position
        }
        return .success(playback)
    }
}
