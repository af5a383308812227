import Controls
import Screens
import Terminal

/// The poster card as a scene: a loaded, paused player behind a poster screen, which opens into
/// the player screen and closes back to the card.
///
/// The poster's picture is made on a ``BackgroundJob`` by mpv cores of its own, so the card
/// shows (and takes input) at once and its picture arrives when ready. While the video shows in
/// the frame, the player's frames are rendered at the frame's size; once the player has the
/// terminal, input, frames and drawing go to the player screen, as in ``PlayerScene``.
final class PosterScene: Scene {
    let playback: PlaybackController
    private var poster: PosterScreen
    private var player: PlayerScreen
    private var context: SceneContext
    private let fileName: String
    private var job: BackgroundJob<PosterArt>?
    private var frameIsNew = false
    /// Whether the player screen had the terminal when last checked.
    private var playerInFront = false

    /// Shows `playback` (already loaded, paused) behind the poster card of `path`. With
    /// `canClose`, Esc on the card goes back to what is below (the library); otherwise it quits.
    init(path: String, playback: PlaybackController, canClose: Bool, context: SceneContext, now: Double) {
        self.playback = playback
        self.context = context
        fileName = App.fileName(of: path)
        let options = context.options
        var configuration = PosterScreen.Configuration()
        configuration.aspectRatio = options.aspect
        configuration.cornerRadius = options.cornerRadius
        configuration.reduceMotion = options.reduceMotion
        configuration.canClose = canClose
        configuration.fileName = fileName
        configuration.cellAspect = context.cellAspect
        configuration.revealDuration = options.revealDuration
        poster = PosterScreen(configuration: configuration, columns: context.size.columns, rows: context.size.rows)
        player = PlayerScreen(fileName: fileName, canClose: true, context: context, now: now)
        poster.update(playback.status, now: now)

        // The picture is made with square pixels, as mpv renders them, in the frame's shape on
        // screen; the screen scales it to the frame's pixels.
        let frame = poster.layout.frame
        let size = PlaybackController.squarePixelSize(context.encoder.pixelSize(columns: frame.width, rows: frame.height),
                                                      pixelAspect: context.pixelAspect)
        job = BackgroundJob.start { PosterFinder.find(path, width: size.width, height: size.height).art }
        if job == nil { poster.setArt(.titleCard) }
    }

    var wakeDescriptors: [Int32] { [playback.wakeupDescriptor] + (job.map { [$0.wakeDescriptor] } ?? []) }

    var nextDeadline: Double? {
        [poster.nextDeadline, playerInFront ? player.nextDeadline : nil].compactMap { $0 }.min()
    }

    func needsDraw(at now: Double) -> Bool {
        frameIsNew || (playerInFront ? player.needsRedraw : poster.needsRedraw)
    }

    func isAnimating(at now: Double) -> Bool {
        poster.isAnimating(at: now) || (playerInFront && player.isAnimating(at: now))
    }

    func handle(_ event: InputEvent, now: Double) -> SceneRequest? {
        bringToFront(now: now)
        if playerInFront { return perform(player.handle(event, now: now), now: now) }
        return perform(poster.handle(event, now: now), now: now)
    }

    func pump(now: Double, canTakeFrame: Bool) -> SceneRequest? {
        if let art = job?.take() {
            poster.setArt(art)
            job = nil
        }
        let result = playback.processEvents(now: now)
        poster.update(playback.status, now: now)
        player.update(playback.status, now: now)
        if result.seekCompleted, playerInFront { player.seekCompleted(now: now) }
        if let area = videoArea(at: now) {
            if playback.takeFrame(size: pixelSize(of: area), draw: canTakeFrame) { frameIsNew = true }
        } else {
            // No video shows: a due frame is let go, so mpv's video output never waits.
            _ = playback.takeFrame(size: context.pixelSize, draw: false)
        }
        guard playback.isFinished else { return nil }
        return poster.configuration.canClose ? .pop : .quit(0)
    }

    func tick(now: Double) -> SceneRequest? {
        playback.saveResumePositionIfDue(now: now)
        poster.tick(now: now)
        bringToFront(now: now)
        return playerInFront ? perform(player.tick(now: now), now: now) : nil
    }

    func resize(to context: SceneContext, now: Double) {
        self.context = context
        poster.resize(columns: context.size.columns, rows: context.size.rows)
        player.resize(columns: context.size.columns, rows: context.size.rows)
        // The picture must follow the new size even while paused.
        if let area = videoArea(at: now), playback.isReady, playback.renderNow(size: pixelSize(of: area)) { frameIsNew = true }
    }

    func draw(into canvas: inout Canvas, now: Double) {
        bringToFront(now: now)
        if playerInFront {
            player.draw(video: playback.video, encoder: context.encoder, into: &canvas, now: now)
        } else {
            let area = poster.videoArea(at: now)
            if let area, playback.isReady {
                // While the frame grows or shrinks, the picture follows its size on every draw.
                let size = pixelSize(of: area)
                if playback.video?.width != size.width || playback.video?.height != size.height {
                    playback.renderNow(size: size)
                }
            }
            poster.draw(video: area == nil ? nil : playback.video, encoder: context.encoder, into: &canvas, now: now)
        }
        frameIsNew = false
    }

    func willHide(now: Double) {
        playback.saveAndPause(now: now)
    }
    func didShow(now: Double) { frameIsNew = true }

    // MARK: Steps

    /// The cells the video fills at `now`: the whole terminal for the player, the frame while it
    /// shows in the card, nil when no video shows.
    private func videoArea(at now: Double) -> Rect? {
        playerInFront ? Rect(x: 0, y: 0, width: context.size.columns, height: context.size.rows) : poster.videoArea(at: now)
    }

    private func pixelSize(of area: Rect) -> (width: Int, height: Int) {
        context.encoder.pixelSize(columns: area.width, rows: area.height)
    }

    /// Hands the terminal to the player screen when the frame has grown to it, and takes it back
    /// when the player closes. The player screen is made afresh each time, with its chrome up.
    private func bringToFront(now: Double) {
        let front = poster.stage.isPlayerInFront(at: now)
        guard front != playerInFront else { return }
        playerInFront = front
        if front {
            player = PlayerScreen(fileName: fileName, canClose: true, context: context, now: now)
            player.update(playback.status, now: now)
            if let resumedAt = playback.resumedAt {
                // Said once, when the player first takes over.
                player.showResumeNotice(at: resumedAt, now: now)
                playback.resumedAt = nil
            }
        }
        frameIsNew = true
    }

    private func perform(_ actions: [PosterAction], now: Double) -> SceneRequest? {
        for action in actions {
            switch action {
            case .play:
                // The frame where playback resumes, at the frame's size, before the circle opens.
                if let area = poster.videoArea(at: now), playback.isReady { playback.renderNow(size: pixelSize(of: area)) }
                playback.perform(playback.status.isEffectivelyAtEnd ? .restartAndPlay : .play, now: now)
            case .pause: playback.perform(.pause, now: now)
            case .back: return .pop
            case .quit: return .quit(0)
            case .suspend: return .suspend
            }
        }
        return nil
    }

    private func perform(_ actions: [PlayerAction], now: Double) -> SceneRequest? {
        for action in actions {
            switch action {
            case .quit: return .quit(0)
            case .suspend: return .suspend
            case .close:
                playback.saveAndPause(now: now)
                poster.close(now: now)
                bringToFront(now: now)
            default: playback.perform(action, now: now)
            }
        }
        return nil
    }
}
