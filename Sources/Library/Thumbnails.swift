import Drawing
import Playback
import System

/// A still of a local file for a card or a row: from the cache when it is there, else from a
/// probe (which runs in mpv cores of its own, off the loop).
public enum Thumbnails {
    /// What a card shows of a file.
    public struct Card: Sendable {
        public var still: PixelBuffer?
        public var title: String?
    }

    /// The still of `path` at `size` (half-block pixels) and its title tag, when it has them.
    /// Blocks: call it from a ``BackgroundJob``.
    public static func card(path: FilePath, size: (width: Int, height: Int), cache: ThumbnailCache?) -> Card {
        guard let stamp = FileSystem.fileStamp(path) else { return Card() }
        let key = ProbeKey(path: path, size: stamp.size, modified: stamp.modified)
        let result: MediaProbe.Result
        if let cache, let hit = cache.lookup(key, stillSize: size) {
            result = hit
        } else {
            result = MediaProbe(stillSize: size).probe(path)
            cache?.store(result, for: key)
        }
        guard case .playable(let info, let still) = result else { return Card() }
        return Card(still: still.map(PixelBuffer.init), title: info.title == path.lastComponent.description ? nil : info.title)
    }
}
