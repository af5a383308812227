import Controls
import Playback
import Screens
import Terminal

/// The library as a scene: the list screen over a scan, background probes filling in what each
/// file is, and the player pushed on top when a file is opened.
final class LibraryScene: Scene {
    /// The thumbnail's size in half-block pixels.
    static let stillSize = FrameEncoder(blitter: .half).pixelSize(columns: LibraryLayout.thumbnailColumns,
                                                                  rows: LibraryLayout.thumbnailRows)
    /// How many probes run at once: two keep both cores busy while the loop itself needs little.
    static let workerCount = 2

    private(set) var screen: LibraryScreen
    let files: [LibraryFile]
    private var context: SceneContext
    private let workers: ProbeWorkers
    /// The order last asked of the workers, so it is only sent again when it changes.
    private var lastWanted: [Int] = []

    /// Shows `scan` and starts probing its files, with results cached in `cache`.
    init(scan: LibraryScan, cache: ThumbnailCache, context: SceneContext, now: Double) throws {
        files = scan.files
        self.context = context
        var configuration = LibraryScreen.Configuration()
        configuration.title = scan.title
        configuration.reduceMotion = context.options.reduceMotion
        configuration.screenReader = context.options.screenReader
        configuration.onlyPlayable = context.options.onlyPlayable
        configuration.skippedNote = scan.skippedNote
        let items = scan.files.map { LibraryItem(name: $0.name, byteSize: $0.size) }
        screen = LibraryScreen(configuration: configuration, items: items, columns: context.size.columns,
                               rows: context.size.rows, now: now)
        let pixelAspect = FrameEncoder(blitter: .half).pixelAspect(cellAspect: context.cellAspect)
        workers = try ProbeWorkers(files: scan.files, count: Self.workerCount, paused: true) { file in
            Self.describe(file, cache: cache, pixelAspect: pixelAspect)
        }
        sendWanted()
        workers.setPaused(false)
    }

    deinit { workers.stop() }

    /// Looks `file` up in the cache, else probes it and stores the outcome.
    static func describe(_ file: LibraryFile, cache: ThumbnailCache, pixelAspect: Double) -> MediaProbe.Result {
        let key = ProbeKey(path: file.path, size: file.size, modified: file.modified)
        if let hit = cache.lookup(key, stillSize: stillSize) { return hit }
        var probe = MediaProbe(stillSize: stillSize)
        probe.pixelAspect = pixelAspect
        let result = stillPictureIsUnplayable(probe.probe(file.path))
        cache.store(result, for: key)
        return result
    }

    /// A picture file (one frame, no sound, no length) is not a video: mpv would show it, but a
    /// list of videos should not offer it, nor a poster's sidecar image.
    static func stillPictureIsUnplayable(_ result: MediaProbe.Result) -> MediaProbe.Result {
        guard case .playable(let info, _) = result, info.hasVideo, !info.hasAudio, (info.duration ?? 0) <= 0 else { return result }
        return .unplayable(reason: "a still picture, not a video")
    }

    // MARK: Scene

    var wakeDescriptors: [Int32] { [workers.descriptor] }
    var nextDeadline: Double? { screen.nextDeadline }
    func needsDraw(at now: Double) -> Bool { screen.needsRedraw }
    func isAnimating(at now: Double) -> Bool { screen.isAnimating(at: now) }

    func handle(_ event: InputEvent, now: Double) -> SceneRequest? {
        let actions = screen.handle(event, now: now)
        sendWanted()
        for action in actions {
            switch action {
            case .quit: return .quit(0)
            case .suspend: return .suspend
            case .open(let index): return open(index, now: now)
            }
        }
        return nil
    }

    func pump(now: Double, canTakeFrame: Bool) -> SceneRequest? {
        for (index, result) in workers.takeResults() {
            let (state, thumbnail) = Self.itemState(result, fileName: fileName(of: files[index].path))
            screen.update(item: index, state: state, thumbnail: thumbnail, now: now)
        }
        sendWanted()
        return nil
    }

    func tick(now: Double) -> SceneRequest? {
        screen.tick(now: now)
        return nil
    }

    func resize(to context: SceneContext, now: Double) {
        self.context = context
        screen.resize(columns: context.size.columns, rows: context.size.rows, now: now)
        sendWanted()
    }

    func draw(into canvas: inout Canvas, now: Double) { screen.draw(into: &canvas, now: now) }

    /// The player covers the list: no new probes while it plays, so they take no CPU from it.
    func willHide(now: Double) { workers.setPaused(true) }

    /// The loop has just resized the scene to the terminal (``resize(to:now:)``).
    func didShow(now: Double) { workers.setPaused(false) }

    // MARK: Opening

    /// Opens item `index` in the player, or says in the bar why it cannot be.
    private func open(_ index: Int, now: Double) -> SceneRequest? {
        let file = files[index]
        if case .unplayable(let reason) = screen.items[index].state {
            screen.showMessage("\(file.name): \(reason)", now: now)
            return nil
        }
        switch SceneFactory.openFile(file.path, canClose: true, context: context, now: now) {
        case .success(let scene):
            return .push(scene)
        case .failure(let failure):
            let later = monotonicNow()
            screen.update(item: index, state: .unplayable(reason: failure.reason), thumbnail: nil, now: later)
            screen.showMessage("\(file.name): \(failure.reason)", now: later)
            return nil
        }
    }

    /// Tells the workers what the screen shows now, when that changed.
    private func sendWanted() {
        let wanted = screen.itemsWanted.filter { screen.items[$0].state == .pending }
        guard wanted != lastWanted else { return }
        lastWanted = wanted
        workers.prioritize(wanted)
    }

    /// A probe's outcome as the screen's item state and thumbnail.
    ///
    /// mpv gives the file's name as the title when there is no title tag: that is no title.
    static func itemState(_ result: MediaProbe.Result, fileName: String) -> (LibraryItem.State, PixelBuffer?) {
        switch result {
        case .unplayable(let reason):
            return (.unplayable(reason: reason), nil)
        case let .playable(info, still):
            let title = info.title == fileName ? nil : info.title
            let media = LibraryMedia(title: title, duration: info.duration,
                                     videoSize: info.videoSize.map { ($0.width, $0.height) }, hasAudio: info.hasAudio)
            return (.playable(media), still.map(PixelBuffer.init))
        }
    }
}
