import Drawing
import Glibc
@testable import History
@testable import Library
@testable import Options
import Playback
@testable import Screens
import System
import Terminal
import TestFiles
import Testing
@testable import App
@testable import ListScreen

/// The list filling in from a real scan on its thread and real probes (libmpv), as `reel DIR`
/// runs it: every row, past each batch and each ``ScanJob/stepBudget``, describes its own file.
@Suite("ListScene's scan", .serialized)
struct ListSceneScanTests {
    /// The clips the folder's real videos are links to, in turn.
    static let clips = ["segments.mp4", "chapters.mkv", "portrait.mp4", "talk.mp4"]

    /// A folder of `count` entries named `ep001.mp4`…: odd ones 4 bytes of junk, even ones a link
    /// (hard where it can be) to one of ``clips``, and `ep002.srt` beside them. Returns the clip
    /// behind each name, nil for junk.
    static func mixedFolder(_ count: Int) -> (ScratchFolder, [String: String?]) {
        let folder = ScratchFolder()
        var expected: [String: String?] = [:]
        for index in 1...count {
            let name = "ep" + String(repeating: "0", count: 3 - String(index).count) + "\(index).mp4"
            if index % 2 == 1 {
                folder.file(name, bytes: 4)
                expected[name] = .some(nil)
            } else {
                let clip = clips[(index / 2) % clips.count]
                let source = Samples.path(clip).description
                if Glibc.link(source, folder.path + "/" + name) != 0 { folder.link(name, to: source) }
                expected[name] = clip
            }
        }
        folder.file("ep002.srt", bytes: 40)
        return (folder, expected)
    }

    /// A list scene over a scan of `folder`, started as `reel DIR` starts it.
    static func scene(_ folder: ScratchFolder, cache: ThumbnailCache?, onlyPlayable: Bool = false) throws -> ListScene {
        let job = try #require(ScanJob.start([folder.root], recursive: false))
        let first = job.waitForFiles(seconds: 0.3)
        let files = first?.files ?? []
        var options = ReelOptions()
        options.mpv.audio = false
        options.listScreen.onlyPlayable = onlyPlayable
        let session = try PlaybackSession(items: files.map { PlaylistItem(source: .file($0.path), name: $0.name) }, options: options,
                                          pixelAspect: 1, videoHeight: 36, resume: nil)
        let context = SceneContext(size: TerminalSize(columns: 100, rows: 40), encoder: FrameEncoder(blitter: .half), options: options,
                                   commands: .standard())
        var scanned = LibraryScan(title: "videos")
        scanned.skip(first?.skipped ?? [], count: first?.skippedCount)
        let setup = Navigator.ListSetup(title: "videos", scanned: scanned, files: files, scan: first?.isFinished == true ? nil : job,
                                        streams: 0)
        if first?.isFinished == true { job.stop() }
        return ListScene(session: session, setup: setup, cache: cache, context: context, now: 0)
    }

    /// Runs the scene's side of the loop until the scan is over and every row is probed, or 120 s.
    static func settle(_ scene: ListScene) {
        let deadline = monotonicNow() + 120
        while monotonicNow() < deadline {
            _ = scene.pump(now: monotonicNow(), session: .init(), canTakeFrame: false)
            if !scene.screen.isScanning, scene.screen.counts.pending == 0 { return }
            var entries = scene.wakeDescriptors.map { PollEntry($0, events: .readable) }
            _ = try? Poll.wait(&entries, timeout: 0.2)
        }
    }

    /// What a clip probes as, once per clip.
    static func probed(_ clip: String) -> LibraryItem.State {
        ListScene.itemState(ListScene.describe(LibraryFile(path: Samples.path(clip), name: clip, size: 0, modified: 0), cache: nil,
                                               pixelAspect: 1), fileName: clip).0
    }

    /// Checks every row against the file behind it.
    static func expectRows(_ scene: ListScene, _ expected: [String: String?], states: [String: LibraryItem.State]) {
        let items = scene.screen.items
        #expect(items.map(\.name) == expected.keys.sorted(), "every file once, in order, and no subtitle file")
        // One line per row that is wrong, so that a failure reads as a list of misplaced rows.
        var wrong: [String] = []
        for item in items {
            guard let clip = expected[item.name] else { continue }
            let size = clip.map { FileSystem.fileStamp(Samples.path($0))?.size ?? -1 } ?? 4
            let right = clip.map { item.state == states[$0] } ?? item.isUnplayable
            if !right || item.byteSize != size {
                wrong.append("\(item.name) (\(clip ?? "junk"), \(size) B) shows \(item.displayTitle), \(item.byteSize) B, \(Self.brief(item.state))")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) rows wrong: \(wrong.prefix(8).joined(separator: "; "))")
    }

    /// A state in a few words.
    static func brief(_ state: LibraryItem.State) -> String {
        switch state {
        case .pending: "pending"
        case .unplayable(let reason): "unplayable (\(reason))"
        case .playable(let media): "playable \(media.duration ?? -1) s \(media.videoSize.map { "\($0.width)×\($0.height)" } ?? "no picture")"
        }
    }

    @Test("past 64 files and across batches each row shows its own file, the counts end exact, without and with the cache",
          arguments: [70, 200])
    func rowsMatchFiles(count: Int) throws {
        let (folder, expected) = Self.mixedFolder(count)
        let states = Dictionary(uniqueKeysWithValues: Self.clips.map { ($0, Self.probed($0)) })
        let cacheFolder = ScratchFolder()
        for round in ["no cache", "cold cache", "warm cache"] {
            let cache = round == "no cache" ? nil : ThumbnailCache(directory: cacheFolder.root)
            let scene = try Self.scene(folder, cache: cache)
            Self.settle(scene)
            #expect(!scene.screen.isScanning, "\(round): the scan ends")
            #expect(scene.screen.counts.pending == 0, "\(round): every row is probed")
            #expect(scene.screen.headerSummary == "\(count) files · \(count / 2 + count % 2) unplayable", "\(round)")
            Self.expectRows(scene, expected, states: states)
        }
        withExtendedLifetime(cacheFolder) {}
    }

    @Test("--only-playable lists exactly the real videos once the probes are done")
    func onlyPlayable() throws {
        let (folder, expected) = Self.mixedFolder(70)
        let scene = try Self.scene(folder, cache: nil, onlyPlayable: true)
        Self.settle(scene)
        let shown = scene.screen.shown.map { scene.screen.items[$0].name }
        #expect(shown == expected.filter { $0.value != nil }.keys.sorted())
    }
}
