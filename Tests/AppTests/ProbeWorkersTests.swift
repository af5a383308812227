import Glibc
import Playback
import Synchronization
import Testing
@testable import App

/// The background probes: order, delivery through the pipe, pausing; and a real probe of a sample.
@Suite("ProbeWorkers")
struct ProbeWorkersTests {
    static func files(_ count: Int) -> [LibraryFile] {
        (0..<count).map { LibraryFile(path: "/f\($0)", name: "f\($0)", size: 1, modified: 1) }
    }

    /// Waits on the descriptor until `count` results came, or 10 s passed.
    static func collect(_ workers: ProbeWorkers, count: Int) -> [(index: Int, result: MediaProbe.Result)] {
        var results: [(index: Int, result: MediaProbe.Result)] = []
        var deadline = 10_000
        while results.count < count, deadline > 0 {
            var descriptor = pollfd(fd: workers.descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 50)
            deadline -= 50
            results += workers.takeResults()
        }
        return results
    }

    @Test("wanted items go first, then the rest in order; each result comes once through the pipe")
    func order() throws {
        let order = Mutex<[Int]>([])
        let workers = try ProbeWorkers(files: Self.files(10), count: 1, paused: true) { file in
            order.withLock { $0.append(Int(file.path.dropFirst(2))!) }
            return .unplayable(reason: file.name)
        }
        workers.prioritize([9, 8, 42])
        workers.setPaused(false)
        let results = Self.collect(workers, count: 10)
        workers.stop()
        #expect(order.withLock { $0 } == [9, 8, 0, 1, 2, 3, 4, 5, 6, 7])
        #expect(results.map(\.index).sorted() == Array(0..<10))
        #expect(results.allSatisfy { $0.result == .unplayable(reason: "f\($0.index)") })
    }

    @Test("paused workers start nothing new; stop ends them")
    func pause() throws {
        let workers = try ProbeWorkers(files: Self.files(3), count: 2, paused: true) { _ in .unplayable(reason: "") }
        var descriptor = pollfd(fd: workers.descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&descriptor, 1, 200) == 0)
        #expect(workers.takeResults().isEmpty)
        workers.setPaused(false)
        #expect(Self.collect(workers, count: 3).count == 3)
        workers.stop()
    }

    @Test("a sample is probed once, then found in the cache")
    func describeSample() {
        var url = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        url = "/" + url + "/samples/segments.mp4"
        var info = stat()
        stat(url, &info)
        let file = LibraryFile(path: url, name: "segments.mp4", info: info)
        let cache = ThumbnailCache(directory: nil)
        let first = ListScene.describe(file, cache: cache, pixelAspect: 1)
        guard case let .playable(media, still?) = first else { Issue.record("got \(first)"); return }
        #expect(media.title == "Colour segments" && still.width == 12 && still.height == 6)
        let key = ProbeKey(path: file.path, size: file.size, modified: file.modified)
        #expect(cache.lookup(key, stillSize: (12, 6)) == first)
        let (state, thumbnail) = ListScene.itemState(first, fileName: "segments.mp4")
        #expect(thumbnail?.width == 12 && thumbnail?.height == 6)
        // 10 % of the file is in the red segment.
        #expect(thumbnail.map { $0[6, 3].r > 200 && $0[6, 3].g < 60 } == true)
        if case .playable(let item) = state { #expect(item.title == "Colour segments" && item.videoSize?.width == 160) }
    }

    @Test("a still picture is not offered as a video; a file name is not a title")
    func stillPicture() {
        let picture = MediaProbe.Result.playable(
            MediaInfo(title: "red.png", duration: 0, videoSize: VideoSize(width: 64, height: 64), hasVideo: true, hasCoverArt: false, hasAudio: false),
            still: nil)
        #expect(ListScene.stillPictureIsUnplayable(picture) == .unplayable(reason: "a still picture, not a video"))
        let song = MediaProbe.Result.playable(
            MediaInfo(title: "song.mp3", duration: 0, videoSize: nil, hasVideo: false, hasCoverArt: true, hasAudio: true), still: nil)
        #expect(ListScene.stillPictureIsUnplayable(song) == song)
        if case .playable(let media) = ListScene.itemState(song, fileName: "song.mp3").0 { #expect(media.title == nil) }
    }
}
