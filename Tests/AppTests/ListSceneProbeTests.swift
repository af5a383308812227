import Media
@testable import App
@testable import Library
import Playback
import System
import Testing

/// How the list describes a probed file: a real probe of a sample, through the thumbnail cache,
/// and what it offers as a video (ListScene's side of ``ProbeWorkers``' results).
@Suite("ListScene's probes")
struct ListSceneProbeTests {
    @Test("a sample is probed once, then found in the cache")
    func describeSample() throws {
        var url = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        url = "/" + url + "/samples/segments.mp4"
        let file = LibraryFile(path: FilePath(url), name: "segments.mp4", info: try FileSystem.status(FilePath(url)))
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
        guard case .playable(let item) = state else { Issue.record("not playable: \(state)"); return }
        #expect(item.title == "Colour segments" && item.videoSize?.width == 160)
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
        let (songState, _) = ListScene.itemState(song, fileName: "song.mp3")
        guard case .playable(let media) = songState else { Issue.record("not playable: \(songState)"); return }
        #expect(media.title == nil)
    }
}
