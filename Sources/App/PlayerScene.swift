import Screens
import Terminal

/// The player as a scene: an mpv player and the player screen over its frames.
final class PlayerScene: Scene {
    let playback: PlaybackController
    private(set) var screen: PlayerScreen
    private var context: SceneContext
    private var frameIsNew = false

    /// Shows `playback` (already loaded) in a player screen for `fileName`.
    init(playback: PlaybackController, fileName: String, canClose: Bool, context: SceneContext, now: Double) {
        self.playback = playback
        self.context = context
        screen = PlayerScreen(fileName: fileName, canClose: canClose, context: context, now: now)
        screen.update(playback.status, now: now)
        if let resumedAt = playback.resumedAt { screen.showResumeNotice(at: resumedAt, now: now) }
    }

    var wakeDescriptors: [Int32] { [playback.wakeupDescriptor] }
    var nextDeadline: Double? { screen.nextDeadline }
    func needsDraw(at now: Double) -> Bool { frameIsNew || screen.needsRedraw }
    func isAnimating(at now: Double) -> Bool { screen.isAnimating(at: now) }

    func handle(_ event: InputEvent, now: Double) -> SceneRequest? {
        perform(screen.handle(event, now: now), now: now)
    }

    func pump(now: Double, canTakeFrame: Bool) -> SceneRequest? {
        let result = playback.processEvents(now: now)
        screen.update(playback.status, now: now)
        if result.seekCompleted { screen.seekCompleted(now: now) }
        if playback.takeFrame(size: context.pixelSize, draw: canTakeFrame) { frameIsNew = true }
        return playback.isFinished ? .quit(0) : nil
    }

    func tick(now: Double) -> SceneRequest? {
        playback.saveResumePositionIfDue(now: now)
        return perform(screen.tick(now: now), now: now)
    }

    func resize(to context: SceneContext, now: Double) {
        self.context = context
        screen.resize(columns: context.size.columns, rows: context.size.rows)
        // The picture must follow the new size even while paused.
        if playback.isReady, playback.renderNow(size: context.pixelSize) { frameIsNew = true }
    }

    func draw(into canvas: inout Canvas, now: Double) {
        screen.draw(video: playback.video, encoder: context.encoder, into: &canvas, now: now)
        frameIsNew = false
    }

    func willHide(now: Double) {
        playback.saveAndPause(now: now)
    }
    func didShow(now: Double) { frameIsNew = true }

    private func perform(_ actions: [PlayerAction], now: Double) -> SceneRequest? {
        for action in actions {
            switch action {
            case .quit: return .quit(0)
            case .close: return .pop
            case .suspend: return .suspend
            default: playback.perform(action, now: now)
            }
        }
        return nil
    }
}

extension PlayerScreen.Configuration {
    /// The player screen's settings from the command line.
    init(options: ReelOptions) {
        self.init()
        hideDelay = options.hideDelay
        seekInterval = options.seekInterval
        reduceMotion = options.reduceMotion
        screenReader = options.screenReader
    }
}

extension PlayerScreen {
    /// The player screen for `fileName` at the terminal's size, configured from reel's options.
    init(fileName: String, canClose: Bool, context: SceneContext, now: Double) {
        var configuration = Configuration(options: context.options)
        configuration.fileName = fileName
        configuration.canClose = canClose
        configuration.cellAspect = context.cellAspect
        self.init(configuration: configuration, columns: context.size.columns, rows: context.size.rows, now: now)
    }
}
