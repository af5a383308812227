import Commands
import Controls
import Drawing
import Library
import MediaJobs
import Session
import Playback
import Screens
import Terminal
import TextSearch

/// The player as a scene: the player screen over the session's frames.
///
/// Opened from the list, it grows out of the list through a circle (``Place/player(item:reveal:)``).
/// When the item cannot be played and there is nothing to go back to, it ends the run with exit 1
/// and mpv's reason on stderr. A playlist file given alone that became several items has its list
/// to go back to, once one of them played.
final class PlayerScene: Scene {
    let session: PlaybackSession
    private(set) var screen: PlayerScreen
    private var context: SceneContext
    private var frameIsNew = false
    private let canClose: Bool
    /// The circle the player opens through, over what was on screen.
    private var reveal: RevealTransition?
    private var scratch = Canvas(width: 0, height: 0)
    /// The Up next card's thumbnail, being made.
    /// The Up next card's thumbnail being made, and the item it was made for, by what the item
    /// opens (a shuffle may move the item, or put another at its index).
    private var thumbnailJob: (item: String, job: BackgroundJob<Thumbnails.Card>)?
    private var thumbnailItem: String?
    private let thumbnails: ThumbnailCache?
    /// The scrub preview's decoder and requests (nil with `--scrub-preview=no`).
    private let preview: ScrubPreview?
    /// The subtitle track whose lines are being read for the jump to a line, and the reading.
    private var linesJob: (track: Int, job: BackgroundJob<(lines: [SubtitleLine]?, failure: String?)>)?

    init(session: PlaybackSession, context: SceneContext, canClose: Bool, reveal: Bool, thumbnails: ThumbnailCache?,
         showsRemaining: Bool, now: Double) {
        self.session = session
        self.context = context
        self.canClose = canClose
        self.thumbnails = thumbnails
        preview = context.options.player.scrubPreview ? ScrubPreview(usesYtdl: context.options.ytdl, logFile: context.options.mpv.logFile,
                                                                blitter: context.encoder.blitter) : nil
        screen = PlayerScreen(context: context, canClose: canClose, now: now)
        screen.setShowsRemaining(showsRemaining)
        if reveal, !context.options.player.reduceMotion {
            var transition = RevealTransition(configuration: .init(duration: context.options.posterCard.revealDuration))
            transition.open(now: now)
            self.reveal = transition
        }
        screen.update(session.status, now: now)
    }

    var wakeDescriptors: [Int32] {
        (thumbnailJob.map { [$0.job.wakeDescriptor] } ?? []) + (preview?.wakeDescriptors ?? []) + (linesJob.map { [$0.job.wakeDescriptor] } ?? [])
    }
    func nextDeadline(at now: Double) -> Double? {
        [screen.nextDeadline(at: now), reveal?.nextDeadline].compactMap { $0 }.min()
    }
    func needsDraw(at now: Double) -> Bool { frameIsNew || screen.needsRedraw }
    func isAnimating(at now: Double) -> Bool { screen.isAnimating(at: now) || reveal?.isAnimating(at: now) == true }

    var screenKind: ScreenKind { .player }
    var keyMode: KeyMode { screen.keyMode }
    func setHelpShown(_ shown: Bool, now: Double) { screen.setHelpShown(shown) }
    func turnHelpPage(by pages: Int, now: Double) { screen.turnHelpPage(by: pages) }

    /// The loop's figures, with the session's: mpv's render time and the frames shown and let go.
    func noteTerminalFigures(_ figures: TerminalFigures, now: Double) {
        var figures = figures
        let render = session.frames.renderTimes
        figures.renderMilliseconds = render.count > 0 ? render.percentile(0.5) : nil
        figures.framesShown = session.frames.rendered
        figures.framesLetGo = session.frames.skipped
        screen.setTerminalFigures(figures, now: now)
    }

    func handle(_ event: InputEvent, now: Double) -> SceneRequest? {
        perform(screen.handle(event, now: now), now: now)
    }

    func pump(now: Double, session result: PumpResult, canTakeFrame: Bool) -> SceneRequest? {
        if let pending = thumbnailJob, let card = pending.job.take() {
            session.take(.titleFound(card.title, key: pending.item), now: now)
            if upNextName == pending.item { screen.setUpNextThumbnail(card.still) }
            thumbnailJob = nil
            screen.update(session.status, now: now)
        }
        if let pending = linesJob, let read = pending.job.take() {
            screen.receiveSubtitleLines(trackID: pending.track, lines: read.lines, failure: read.failure)
            linesJob = nil
        }
        if result.changed { screen.update(session.status, now: now) }
        if isList { screen.allowClosing() }
        // (Each pass: the length and seekability come in their own time, not always with a change.)
        let available = preview?.isAvailable(for: currentSource, duration: session.status.duration,
                                             seekable: session.player.state.isSeekable) ?? false
        if available != screen.previewAvailable { screen.previewAvailable = available }
        if let frame = preview?.pump(now: now) { screen.setPreviewFrame(frame) }
        if result.seekCompleted { screen.seekCompleted(now: now) } else if result.seekedFromOutside { screen.seekedFromOutside(now: now) }
        for notice in session.takeNotices() { screen.notify(notice, now: now) }
        if let position = session.core.resumedAt {
            session.take(.resumeShown, now: now)
            screen.showResumeNotice(at: position, now: now)
        }
        if session.frames.take(for: session, size: context.pixelSize, draw: canTakeFrame, now: now) { frameIsNew = true }
        requestUpNextThumbnail()
        return endOfRun()
    }

    func tick(now: Double) -> SceneRequest? {
        reveal?.tick(now: now)
        if let transition = reveal, !transition.isAnimating(at: now) { reveal = nil }
        return perform(screen.tick(now: now), now: now)
    }

    func resize(to context: SceneContext, now: Double) {
        self.context = context
        screen.resize(columns: context.size.columns, rows: context.size.rows)
        // What was under the circle is gone with the old size: the player shows at once.
        reveal = nil
        // The picture must follow the new size even while paused.
        if session.frames.renderNow(for: session, size: context.pixelSize) { frameIsNew = true }
    }

    func draw(into canvas: inout Canvas, now: Double) {
        // After frames were let go (the terminal was behind), the picture is mpv's current one.
        if session.frames.isBehind, !session.frames.picturesHeld { session.frames.renderNow(for: session, size: context.pixelSize) }
        if let reveal, reveal.isAnimating(at: now) {
            if scratch.width != canvas.width || scratch.height != canvas.height {
                scratch = Canvas(width: canvas.width, height: canvas.height)
            }
            screen.draw(video: session.frames.video(for: session), encoder: context.encoder, into: &scratch, now: now)
            let mask = reveal.mask(at: now, width: Double(canvas.width), height: Double(canvas.height),
                                   pixelAspect: context.cellAspect)
            canvas.copyCells(from: scratch) { x, y in mask.contains(x: Double(x) + 0.5, y: Double(y) + 0.5) }
        } else {
            screen.draw(video: session.frames.video(for: session), encoder: context.encoder, into: &canvas, now: now)
        }
        frameIsNew = false
    }

    func run(_ command: Command, now: Double) -> SceneRequest? {
        perform(screen.run(command, now: now), now: now)
    }

    func willHide(now: Double) {
        session.saveAndPause(now: now)
    }

    func didShow(now: Double) {
        frameIsNew = true
        screen.update(session.status, now: now)
    }

    /// The choice between total and remaining time, kept for the session.
    var showsRemaining: Bool { screen.showsRemaining }

    // MARK: Steps

    /// Ends the run where the session says it ends (``SessionCore/runEnd``): the end of the last
    /// item with `--keep-open=no` (exit 0), a failure with nothing to go back to (exit 1 and
    /// the reason; with a place below, Esc goes back to it instead), or a client's stop (back to
    /// the place below, else exit 0).
    private func endOfRun() -> SceneRequest? {
        switch session.core.runEnd {
        case .finished?:
            return .quit(0)
        case .failed(let reason)? where !canClose && !(isList && session.core.hasPlayed):
            return .quit(1, line: ReelApp.failureLine(reason, item: session.lastFailure?.item ?? session.items.first))
        case .stopped?:
            // A client stopped playback: nothing is left to show, so the player closes as Esc does.
            return canClose ? .back : .quit(0)
        default:
            return nil
        }
    }

    /// Starts making the Up next item's thumbnail when a countdown begins (local files only:
    /// probes never open a stream or standard input).
    private func requestUpNextThumbnail() {
        guard let next = session.core.machine.upNext?.item, session.items.indices.contains(next),
              session.items[next].source.mpvName != thumbnailItem else { return }
        thumbnailItem = session.items[next].source.mpvName
        screen.setUpNextThumbnail(nil)
        guard case .file(let path) = session.items[next].source else { return }
        let size = ListScene.stillSize(for: context.encoder)
        let cache = thumbnails
        if let job = BackgroundJob.start({ Thumbnails.card(path: path, size: size, cache: cache) }) {
            thumbnailJob = (session.items[next].source.mpvName, job)
        }
    }

    /// The one item given became several (a playlist file, or a URL that was one): they have a
    /// list to go back to, as several items given have, though none was made below the player.
    private var isList: Bool { session.items.count > 1 }

    /// What the Up next item opens, while a countdown runs.
    private var upNextName: String? {
        session.core.machine.upNext.flatMap { session.items.indices.contains($0.item) ? session.items[$0.item].source.mpvName : nil }
    }

    /// The item playing, for the preview decoder.
    private var currentSource: MediaSource? {
        session.core.currentItem.flatMap { session.items.indices.contains($0) ? session.items[$0].source : nil }
    }

    /// The pointer is over the scrubber at `time` (nil: it left): the card's frame, from the
    /// cache at once or from the decoder later (``pump(now:session:canTakeFrame:)``).
    private func showPreview(at time: Double?, now: Double) {
        guard let preview else { return }
        guard let time else {
            _ = preview.pointer(at: nil, source: .standardInput, size: (0, 0), pixelAspect: 1, now: now)
            return
        }
        guard screen.previewAvailable, let source = currentSource, let size = screen.previewPixelSize(encoder: context.encoder) else { return }
        if let frame = preview.pointer(at: time, source: source, size: size, pixelAspect: context.pixelAspect, now: now) {
            screen.setPreviewFrame(frame)
        }
    }

    /// From the pointer stopping to its frame showing, for `--stats`.
    var previewLatencies: DurationHistogram { preview?.latencies ?? DurationHistogram() }

    private func perform(_ actions: [PlayerAction], now: Double) -> SceneRequest? {
        for action in actions {
            switch action {
            case .close:
                if session.core.machine.isOpening { session.cancelOpening(now: now) }
                return canClose ? .back : isList ? .backOr(.list) : .quit(0)
            case .preview(let time):
                showPreview(at: time, now: now)
            case .readSubtitleLines(let track):
                guard let source = currentSource,
                      let job = BackgroundJob.start({ SubtitleLineReader.read(source, track: track) }) else {
                    screen.receiveSubtitleLines(trackID: track.id, lines: nil, failure: "The lines could not be read")
                    continue
                }
                linesJob = (track.id, job)
            default:
                session.perform(action, now: now)
                // Its notice (the list looping, shuffled) at once, as a key's own.
                for notice in session.takeNotices() { screen.notify(notice, now: now) }
                // What reel decides itself (subtitles shown or not) shows at once, even paused,
                // when mpv sends nothing.
                screen.update(session.status, now: now)
            }
        }
        return nil
    }
}

extension PlayerScreen {
    /// The player screen at the terminal's size: reel's options for it (``ReelOptions/player``),
    /// with the keys and the terminal's shape.
    init(context: SceneContext, canClose: Bool, now: Double) {
        var configuration = context.options.player
        configuration.fadesText = context.fadesText
        configuration.commands = context.commands
        configuration.cellAspect = context.cellAspect
        configuration.canClose = canClose
        self.init(configuration: configuration, columns: context.size.columns, rows: context.size.rows, now: now)
    }
}
