import Playback
import Terminal

/// A still of a local file for a card or a row: from the cache when it is there, else from a
/// probe (which runs in mpv cores of its own, off the loop).
enum Thumbnails {
    /// The still of `path` at `size` (half-block pixels), or nil when the file has none. Blocks:
    /// call it from a ``BackgroundJob``.
    static func still(path: String, size: (width: Int, height: Int), cache: ThumbnailCache?) -> PixelBuffer? {
        guard let stamp = FileSystem.fileStamp(path) else { return nil }
        let key = ProbeKey(path: path, size: stamp.size, modified: stamp.modified)
        if let cache, let hit = cache.lookup(key, stillSize: size), case .playable(_, let still?) = hit {
            return PixelBuffer(still)
        }
        let probe = MediaProbe(stillSize: size)
        let result = probe.probe(path)
        cache?.store(result, for: key)
        if case .playable(_, let still?) = result { return PixelBuffer(still) }
        return nil
    }
}
