import Commands
import Controls
import Drawing
import Library
import MediaJobs
import Playback
import Screens
import System
import Terminal

/// The poster card as a scene: item `item` is loaded paused in the session behind the card, which
/// opens into the player screen and closes back to the card.
///
/// The picture is made on a ``BackgroundJob`` by mpv cores of its own, so the card shows (and
/// takes input) at once and its picture arrives when ready. While the video opens in the frame,
/// the session's frames are rendered at the frame's size; once the frame has grown to the whole
/// terminal, the ``PlayerScene`` is put on top, and closing it runs the card's animation back.
final class PosterScene: Scene {
    let session: PlaybackSession
    let item: Int
    private var poster: PosterScreen
    private var context: SceneContext
    private var job: BackgroundJob<PosterArt>?
    private var frameIsNew = false
    /// The player has been put on top (the frame grew to the terminal).
    private var playerShown = false
    /// The card's picture waits for the video's shape (when the card follows it), or this time.
    private var artDeadline: Double?
    private let path: FilePath?

    /// Shows the card of `item` and loads it, paused, behind the card. With `canClose`, Esc on
    /// the card goes back to what is below (the list); otherwise it quits.
    init(session: PlaybackSession, item: Int, canClose: Bool, context: SceneContext, now: Double) {
        self.session = session
        self.item = item
        self.context = context
        let options = context.options
        var configuration = options.posterCard
        configuration.reduceMotion = options.player.reduceMotion
        configuration.canClose = canClose
        configuration.fileName = session.name(of: item)
        configuration.cellAspect = context.cellAspect
        configuration.commands = context.commands
        poster = PosterScreen(configuration: configuration, columns: context.size.columns, rows: context.size.rows)
        session.play(item, now: now, paused: true)
        poster.update(session.status, now: now)

        if session.items.indices.contains(item), case .file(let path) = session.items[item].source {
            self.path = path
        } else {
            path = nil
        }
        // Without --aspect the card takes the video's shape, known as soon as mpv has it open
        // behind the card: the picture is made for that shape (or after half a second, 16:9).
        if options.posterCard.aspectRatio == nil, path != nil {
            artDeadline = now + 0.5
        } else {
            startArt()
        }
    }

    /// Starts making the card's picture for the frame as it is now. The picture is made with
    /// square pixels, as mpv renders them, in the frame's shape on screen; the screen scales it to
    /// the frame's pixels. Probes never open streams or standard input.
    private func startArt() {
        artDeadline = nil
        let frame = poster.layout.frame
        let size = VideoFrames.squarePixelSize(context.encoder.pixelSize(columns: frame.width, rows: frame.height),
                                               pixelAspect: context.pixelAspect)
        if let path { job = BackgroundJob.start { PosterFinder.find(path, width: size.width, height: size.height).art } }
        if job == nil { poster.setArt(.titleCard) }
    }

    var wakeDescriptors: [Int32] { job.map { [$0.wakeDescriptor] } ?? [] }
    func nextDeadline(at now: Double) -> Double? { [poster.nextDeadline, artDeadline].compactMap { $0 }.min() }
    func needsDraw(at now: Double) -> Bool { frameIsNew || poster.needsRedraw }
    func isAnimating(at now: Double) -> Bool { poster.isAnimating(at: now) }

    var screenKind: ScreenKind { .poster }
    var keyMode: KeyMode { poster.keyMode }
    func setHelpShown(_ shown: Bool, now: Double) { poster.setHelpShown(shown) }
    func turnHelpPage(by pages: Int, now: Double) { poster.turnHelpPage(by: pages) }

    func handle(_ event: InputEvent, now: Double) -> SceneRequest? {
        perform(poster.handle(event, now: now), now: now)
    }

    func pump(now: Double, session result: PumpResult, canTakeFrame: Bool) -> SceneRequest? {
        if let art = job?.take() {
            poster.setArt(art)
            job = nil
        }
        if result.changed {
            poster.update(session.status, now: now)
            let status = session.status
            if let width = status.videoWidth, let height = status.videoHeight, height > 0, status.hasVideo {
                poster.setVideoAspect(Double(width) / Double(height), now: now)
            }
            if artDeadline != nil, session.core.isReady { startArt() }
        }
        if let area = poster.videoArea(at: now) {
            if session.frames.take(for: session, size: pixelSize(of: area), draw: canTakeFrame, now: now) { frameIsNew = true }
        }
        return nil
    }

    func tick(now: Double) -> SceneRequest? {
        if let artDeadline, now >= artDeadline { startArt() }
        poster.tick(now: now)
        // The frame has grown to the terminal: the player screen takes over.
        if !playerShown, poster.stage.isPlayerInFront(at: now) {
            playerShown = true
            return .go(.player(item: item, reveal: false))
        }
        return nil
    }

    func resize(to context: SceneContext, now: Double) {
        self.context = context
        poster.resize(columns: context.size.columns, rows: context.size.rows)
        // The picture must follow the new size even while paused.
        if let area = poster.videoArea(at: now), session.frames.renderNow(for: session, size: pixelSize(of: area)) { frameIsNew = true }
    }

    func draw(into canvas: inout Canvas, now: Double) {
        let area = poster.videoArea(at: now)
        if let area, session.core.isReady {
            // While the frame grows or shrinks, the picture follows its size on every draw.
            let size = pixelSize(of: area)
            let video = session.frames.video(for: session)
            if video?.width != size.width || video?.height != size.height { session.frames.renderNow(for: session, size: size) }
        }
        poster.draw(video: area == nil ? nil : session.frames.video(for: session), encoder: context.encoder, into: &canvas, now: now)
        frameIsNew = false
    }

    func willHide(now: Double) {}

    func didShow(now: Double) {
        frameIsNew = true
        guard playerShown else { return }
        // Back from the player: the video shrinks into the card and the circle closes.
        playerShown = false
        session.saveAndPause(now: now)
        poster.close(now: now)
    }

    private func pixelSize(of area: Rect) -> (width: Int, height: Int) {
        context.encoder.pixelSize(columns: area.width, rows: area.height)
    }

    private func perform(_ actions: [PosterAction], now: Double) -> SceneRequest? {
        for action in actions {
            switch action {
            case .play:
                // The frame where playback resumes, at the frame's size, before the circle opens.
                if let area = poster.videoArea(at: now) { session.frames.renderNow(for: session, size: pixelSize(of: area)) }
                session.perform(session.status.isAtEnd ? .restartAndPlay : .play, now: now)
            case .pause: session.saveAndPause(now: now)
            case .back: return .back
            case .quit: return .quit(0)
            }
        }
        return nil
    }
}
