import Commands
import Controls
import Drawing
import History
import Library
import ListScreen
import Options
import Playback
import Screens
import Session
import System
import Terminal

/// The list as a scene: the session's playlist, with background probes filling in what each
/// local file is, each item's progress from its resume record, and the item playing marked.
///
/// Enter plays the selected item at once (the player opens through a growing circle); `p` shows
/// its poster card. Coming back from the player, the item that played is selected.
final class ListScene: Scene {
    /// The thumbnail's size in `encoder`'s pixels (the cell blitter's, or the terminal's own).
    static func stillSize(for encoder: FrameEncoder) -> (width: Int, height: Int) {
        encoder.pixelSize(columns: LibraryLayout.thumbnailColumns, rows: LibraryLayout.thumbnailRows)
    }
    /// How many probes run at once: two keep both cores busy while the loop itself needs little.
    static let workerCount = 2
    /// Up to this many items, every file is probed (the rows in view first); beyond it only the
    /// rows in view and a page either side, so that a huge tree holds few results.
    static let probeEverythingLimit = 2_000

    let session: PlaybackSession
    private(set) var screen: LibraryScreen
    private var context: SceneContext
    private let cache: ThumbnailCache?
    /// The local file behind each item, for the probes; nil for streams and standard input.
    private var files: [LibraryFile?] = []
    private var workers: ProbeWorkers?
    /// The item each probe's result goes to.
    private var targets = ProbeTargets()
    /// The files last asked of the workers, in order, so they are only sent again when that changes.
    private var lastWanted: [LibraryFile] = []
    /// The session's ``PlaybackSession/itemsVersion`` last shown, to notice a playlist file that expanded.
    private var shownVersion = -1
    /// The folders' scan, while it still reads: its batches are merged into the list (and the session).
    private var scan: ScanJob?
    /// What the scan skipped so far, for the note.
    private var scanned: LibraryScan
    /// The files the scan found, by path (their sizes and times, so the cache can be used).
    private var known: [FilePath: LibraryFile] = [:]
    /// How many items come before the scan's files (streams given with the folders).
    private let streams: Int
    /// The continue-watching list's records (`reel` alone), or nil for a folder or a playlist.
    private let history: WatchHistory?
    /// The header names the files given on the command line (no folder, no history), and what
    /// the items opened when it was last named.
    private let namesItems: Bool
    private var namedItems: [String] = []

    /// Shows the session's items; `setup` says what heads the list and hands over the folders'
    /// scan, which goes on filling the list in.
    init(session: PlaybackSession, setup: Navigator.ListSetup, cache: ThumbnailCache?, context: SceneContext, now: Double) {
        self.session = session
        self.context = context
        self.cache = cache
        scan = setup.scan
        scanned = setup.scanned
        streams = setup.streams
        history = setup.history
        namesItems = setup.history == nil && setup.files.isEmpty && setup.scan == nil
        for file in setup.files { known[file.path] = file }
        let title = setup.title, skippedNote = setup.scanned.skippedNote
        var configuration = context.options.listScreen
        configuration.title = title
        configuration.reduceMotion = context.options.player.reduceMotion
        configuration.screenReader = context.options.player.screenReader
        configuration.skippedNote = skippedNote
        configuration.commands = context.commands
        configuration.encoder = context.encoder
        configuration.history = setup.history != nil
        configuration.emptyHelp = setup.emptyHelp
        screen = LibraryScreen(configuration: configuration, items: [], columns: context.size.columns,
                               rows: context.size.rows, now: now)
        rebuild(now: now)
        // A series: the first item not yet watched is selected; continue watching starts at the top.
        if history != nil { return }
        if let first = screen.items.firstIndex(where: { !$0.isWatched && !$0.isUnplayable }) { screen.select(item: first, now: now) }
    }

    deinit {
        scan?.stop()
        workers?.stop()
    }

    /// Rebuilds the rows from the session's items (at the start, and when a playlist file expands).
    private func rebuild(now: Double) {
        shownVersion = session.core.itemsVersion
        renameIfReplaced()
        screen.setScan(isScanning: scan != nil, skippedNote: scanned.skippedNote, probesAll: session.items.count <= Self.probeEverythingLimit,
                       now: now)
        files = session.items.map { item in
            guard case .file(let path) = item.source else { return nil }
            if let file = known[path] ?? item.source.absolutePath.flatMap({ known[$0] }) { return file }
            guard let stamp = FileSystem.fileStamp(path) else { return nil }
            return LibraryFile(path: path, name: item.name, size: stamp.size, modified: stamp.modified)
        }
        let items = zip(session.items, files).map { item, file -> LibraryItem in
            var row = LibraryItem(name: file?.name ?? item.name, byteSize: file?.size ?? 0)
            if file == nil {
                let what: String
                switch item.source {
                case .url(let url): what = url
                case .standardInput: what = "read from standard input"
                case .file(let path): what = FileSystem.whyNotRegularFile(path) ?? SystemError.reason(SystemError.notRegularFile)
                }
                row.state = .playable(LibraryMedia(title: nil, duration: nil, videoSize: nil, hasAudio: true))
                row.note = what
            }
            history?.decorate(&row, for: item)
            return row
        }
        screen.replaceItems(items, now: now)
        for index in items.indices { refreshProgress(index) }
        workers?.stop()
        targets.removeAll()
        lastWanted = []
        let cache = self.cache
        let encoder = context.encoder
        let pixelAspect = encoder.pixelAspect(cellAspect: context.cellAspect)
        let stillSize = ListScene.stillSize(for: encoder)
        workers = try? ProbeWorkers(count: Self.workerCount, paused: true) { file, shouldStop in
            ListScene.describe(file, cache: cache, stillSize: stillSize, pixelAspect: pixelAspect, shouldStop: shouldStop)
        }
        sendWanted()
        workers?.setPaused(false)
    }

    /// A client of mpv's IPC socket loaded a file in an item's place: the header, which named
    /// the files given, names what the list holds now. (A playlist file that expanded, or a
    /// shuffle, keeps the header: the count or the set of items is the same as what it named.)
    private func renameIfReplaced() {
        let names = session.items.map(\.source.mpvName)
        defer { namedItems = names }
        guard namesItems, !namedItems.isEmpty, names.count == namedItems.count, Set(names) != Set(namedItems) else { return }
        screen.setTitle(LibraryScanner.title(for: names.map { FilePath($0) }))
    }

    /// The progress bar and ✓ of item `index`, from its resume record.
    private func refreshProgress(_ index: Int) {
        guard let resume = session.resume, session.items.indices.contains(index), let key = session.items[index].resumeKey else { return }
        let stamp = session.items[index].source.absolutePath.flatMap(FileSystem.fileStamp)
        let record = resume.record(for: key, stamp: stamp)
        screen.setProgress(item: index, progress: record?.progress, watched: record?.watched ?? false)
    }

    // MARK: Scene

    var wakeDescriptors: [Int32] { (workers.map { [$0.descriptor] } ?? []) + (scan.map { [$0.wakeDescriptor] } ?? []) }
    func nextDeadline(at now: Double) -> Double? { screen.nextDeadline }
    func needsDraw(at now: Double) -> Bool { screen.needsRedraw }
    func isAnimating(at now: Double) -> Bool { screen.isAnimating(at: now) }

    var screenKind: ScreenKind { .list }
    var keyMode: KeyMode { screen.keyMode }
    func setHelpShown(_ shown: Bool, now: Double) { screen.setHelpShown(shown) }
    func turnHelpPage(by pages: Int, now: Double) { screen.turnHelpPage(by: pages) }

    func handle(_ event: InputEvent, now: Double) -> SceneRequest? {
        let actions = screen.handle(event, now: now)
        sendWanted()
        for action in actions {
            switch action {
            case .quit: return .quit(0)
            case .close: return nil
            case .open(let index): return open(index, poster: false, now: now)
            case .poster(let index): return open(index, poster: true, now: now)
            case .stopScan: stopScan(now: now)
            case .forget(let index): forget(index, now: now)
            case .undoForget: undoForget(now: now)
            case .forgetAll: forgetAll(now: now)
            }
        }
        return nil
    }

    func pump(now: Double, session result: PumpResult, canTakeFrame: Bool) -> SceneRequest? {
        if session.core.itemsVersion != shownVersion { rebuild(now: now) }
        if let batch = scan?.take() { merge(batch, now: now) }
        if let workers {
            for (file, result) in workers.takeResults() {
                guard let item = targets.answer(file.path) else { continue }
                let (state, thumbnail) = Self.itemState(result, fileName: file.path.lastComponent.description)
                screen.update(item: item, state: state, thumbnail: thumbnail, now: now)
                if case .playable(let media) = state, session.items.indices.contains(item) {
                    session.take(.titleFound(media.title, key: session.items[item].source.mpvName), now: 0)
                }
                if case .unplayable = state { session.markUnplayable(item, now: now) }
            }
        }
        for notice in session.takeNotices() { screen.showMessage(notice, now: now) }
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

    /// A command from outside (MPRIS, mpv's IPC socket): quit, and what changes the list itself,
    /// its loop and its order (with the notice in the bar); the rest needs the player.
    func run(_ command: Command, now: Double) -> SceneRequest? {
        switch command {
        case .quit: return .quit(0)
        case .cycleLoopPlaylist: session.perform(.cycleLoopPlaylist, now: now)
        case .cycleShuffle: session.perform(.cycleShuffle, now: now)
        default: return nil
        }
        for notice in session.takeNotices() { screen.showMessage(notice, now: now) }
        return nil
    }

    /// The player covers the list: no new probes, and no scanning, while it plays, so they take no
    /// CPU from it.
    func willHide(now: Double) {
        workers?.setPaused(true)
        scan?.setPaused(true)
    }

    /// Back from the player: the item that played is marked and selected, with its progress.
    func didShow(now: Double) {
        workers?.setPaused(false)
        scan?.setPaused(false)
        // Any item may have been played meanwhile (Up next, N and P): every row's progress is read again.
        for index in screen.items.indices { refreshProgress(index) }
        refreshHistory()
        if session.core.currentItem == nil, let last = session.core.lastItem {
            // The opening was cancelled: the item stays selected, but nothing plays.
            screen.markCurrent(nil, now: now)
            screen.select(item: last, now: now)
        }
        if let current = session.core.currentItem {
            screen.markCurrent(current, now: now)
            if case .failed(_, let reason) = session.core.machine.phase, current < screen.items.count {
                screen.showMessage("\(screen.items[current].name): \(reason)", now: now)
            }
        }
    }

    // MARK: The scan

    /// Puts a batch of the scan into the list, and into the session at the same places.
    private func merge(_ batch: LibraryScanBatch, now: Double) {
        defer { TraceLog.shared?.record("scan \(batch.files.count) \(files.count) \(ms((monotonicNow() - now) * 1000))") }
        // The scan counts places among the files it found; streams given with the folders come first.
        let offset = streams
        let positions = batch.positions.map { $0 + offset }
        for file in batch.files { known[file.path] = file }
        SortedInsertion.insert(batch.files.map { Optional($0) }, at: positions, into: &files)
        targets.insert(at: positions)
        session.insert(batch.files.map { PlaylistItem(source: .file($0.path), name: $0.name) }, at: positions, now: now)
        shownVersion = session.core.itemsVersion
        scanned.skip(batch.skipped, count: batch.skippedCount)
        screen.insert(batch.files.map { LibraryItem(name: $0.name, byteSize: $0.size) }, at: positions, now: now)
        if batch.isFinished {
            scan?.stop()
            scan = nil
        }
        screen.setScan(isScanning: scan != nil, skippedNote: scanned.skippedNote,
                       probesAll: files.count <= Self.probeEverythingLimit, now: now)
        sendWanted()
    }

    /// Stops the scan where it is (Esc); the files found so far stay.
    private func stopScan(now: Double) {
        guard let scan else { return }
        scan.stop()
        if let batch = scan.take() { merge(batch, now: now) }
        self.scan = nil
        screen.setScan(isScanning: false, skippedNote: scanned.skippedNote, probesAll: files.count <= Self.probeEverythingLimit,
                       now: now)
        screen.showMessage("Scan stopped: \(files.count == 1 ? "1 file" : "\(files.count) files") listed", now: now)
    }

    // MARK: Continue watching

    /// Back from the player: each row's time left and when, from its record as it is now ("just now").
    private func refreshHistory() {
        guard let history else { return }
        history.reload(now: WallClock.now(), utcOffset: WallClock.utcOffset())
        for (index, item) in session.items.enumerated() where screen.items.indices.contains(index) {
            var row = screen.items[index]
            history.decorate(&row, for: item)
            screen.setHistory(item: index, row.history, greyedReason: row.greyedReason)
        }
    }

    /// d: the item's record goes, and the notice says how to bring it back.
    private func forget(_ index: Int, now: Double) {
        guard let history, session.items.indices.contains(index), let key = session.items[index].resumeKey,
              let title = history.forget(key) else { return }
        screen.setForgotten(item: index, true, now: now)
        screen.showMessage("Forgot “\(title)” · u undoes", now: now)
    }

    /// u: the item forgotten last comes back.
    private func undoForget(now: Double) {
        guard let history, let key = history.undo(),
              let index = session.items.firstIndex(where: { $0.resumeKey == key }) else { return }
        screen.setForgotten(item: index, false, now: now)
        screen.showMessage("Back: \(screen.items[index].displayTitle)", now: now)
    }

    /// D, then y: every record in the list goes.
    private func forgetAll(now: Double) {
        guard let history else { return }
        let count = history.forgetAll()
        for index in screen.items.indices { screen.setForgotten(item: index, true, now: now) }
        screen.showMessage(count == 1 ? "Forgot 1 item" : "Forgot \(count) items", now: now)
    }

    // MARK: Opening

    /// Plays item `index` (through the growing circle), or shows its card; or says in the bar why
    /// it cannot be played.
    private func open(_ index: Int, poster: Bool, now: Double) -> SceneRequest? {
        if case .unplayable(let reason) = screen.items[index].state {
            screen.showMessage("\(screen.items[index].name): \(reason)", now: now)
            return nil
        }
        return .go(poster ? .poster(item: index) : .player(item: index, reveal: true))
    }

    /// Tells the workers what to probe now, when that changed: the rows in view, then a page
    /// below and above, then (in a list of at most ``probeEverythingLimit`` items) the rest.
    private func sendWanted() {
        guard let workers else { return }
        let pending = { (item: Int) in self.files.indices.contains(item) && self.files[item] != nil && self.screen.items[item].state == .pending }
        var wanted = screen.itemsWanted.filter(pending)
        if files.count <= Self.probeEverythingLimit {
            let first = Set(wanted)
            wanted += screen.items.indices.filter { pending($0) && !first.contains($0) }
        }
        let wantedFiles = wanted.compactMap { files[$0] }
        guard wantedFiles != lastWanted else { return }
        lastWanted = wantedFiles
        targets.ask(wanted, of: files, unanswered: workers.prioritize(wantedFiles))
    }
}
