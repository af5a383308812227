import Drawing
import Library
import ListScreen
import Playback
import Screens

/// What a probe says of a list's file: looked up in the cache or probed, and as a row's state.
extension ListScene {
    /// Looks `file` up in the cache, else probes it and stores the outcome (unless the probe
    /// was given up because `shouldStop` said so: that says nothing about the file).
    static func describe(_ file: LibraryFile, cache: ThumbnailCache?,
                         stillSize: (width: Int, height: Int) = stillSize(for: FrameEncoder(blitter: .half)),
                         pixelAspect: Double, shouldStop: @escaping @Sendable () -> Bool = { false }) -> MediaProbe.Result {
        let key = ProbeKey(path: file.path, size: file.size, modified: file.modified)
        if let hit = cache?.lookup(key, stillSize: stillSize) { return hit }
        var probe = MediaProbe(stillSize: stillSize)
        probe.pixelAspect = pixelAspect
        probe.shouldStop = shouldStop
        let result = stillPictureIsUnplayable(probe.probe(file.path))
        if !shouldStop() { cache?.store(result, for: key) }
        return result
    }

    /// A picture file (one frame, no sound, no length) is not a video: a list of videos should not
    /// offer it. (Given on the command line alone, it still shows, as a still.)
    static func stillPictureIsUnplayable(_ result: MediaProbe.Result) -> MediaProbe.Result {
        guard case .playable(let info, _) = result, info.hasVideo, !info.hasAudio, (info.duration ?? 0) <= 0 else { return result }
        return .unplayable(reason: "a still picture, not a video")
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
