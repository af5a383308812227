import Playback
import System
import Drawing
import Library

/// The pictures MPRIS widgets show (`mpris:artUrl`): for the local file playing, its
/// thumbnail (the list's: cover art, a sidecar image, or the frame at 10 %), written once as a
/// PNG under `$XDG_CACHE_HOME/reel/art`. The thumbnail cache holds reel's own raw records,
/// which no widget can read.
///
/// The still is made on a ``BackgroundJob``, so the loop never waits for it: the URL is there
/// from the pass after it is written.
public final class CoverArt {
    private let directory: FilePath
    /// The user's home, which the folder is never made in place of (``FileSystem/makeDirectories(_:home:)``).
    private let home: FilePath?
    private let thumbnails: ThumbnailCache?
    /// The item being made, or made: its path, and its URL once written (nil when it has none).
    private var current: (path: FilePath, url: String?)?
    private var job: BackgroundJob<String?>?

    /// The still's size in pixels: big enough for a widget, small enough to make at once.
    public static let size = (width: 320, height: 180)

    public init(directory: FilePath, thumbnails: ThumbnailCache?, home: FilePath? = nil) {
        self.directory = directory
        self.home = home
        self.thumbnails = thumbnails
    }

    /// The folder from the environment: `$XDG_CACHE_HOME/reel/art`, else `~/.cache/reel/art`.
    public static func defaultDirectory(environment: [String: String]) -> FilePath? {
        XDGDirectory.cache.reelPath("art", environment: environment)
    }

    /// The descriptor of the still being made, for the loop to wake up for.
    public var wakeDescriptors: [Int32] { job.map { [$0.wakeDescriptor] } ?? [] }

    /// The art of the local file at `path`, playing now: its URL once the PNG is written; starts
    /// making it for a new item. Streams and standard input (no path) have none.
    public func url(for path: FilePath?) -> String? {
        guard let path else { return nil }
        if let job, let made = job.take() {
            self.job = nil
            if current?.path == path { current?.url = made }
        }
        if current?.path != path {
            current = (path, nil)
            let target = directory.appending(FileSystem.hashName(path.bytes) + ".png")
            let folder = directory, cache = thumbnails, home = home
            job = BackgroundJob.start { CoverArt.write(path, to: target, folder: folder, home: home, cache: cache) }
        }
        return current?.url
    }

    /// Makes `path`'s still and writes it to `target` as a PNG; its file URL, or nil.
    private static func write(_ path: FilePath, to target: FilePath, folder: FilePath, home: FilePath?,
                              cache: ThumbnailCache?) -> String? {
        guard let still = Thumbnails.card(path: path, size: size, cache: cache).still, let png = still.pngData() else { return nil }
        do {
            try FileSystem.makeDirectories(folder, home: home)
            try FileSystem.writeAtomically(png, to: target)
        } catch {
            return nil
        }
        return MPRISPlayer.fileURL(target.bytes)
    }
}
