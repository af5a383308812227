import Playback
import System

/// One file the library lists.
struct LibraryFile: Equatable, Sendable {
    /// The path to open.
    var path: FilePath
    /// The name shown: below the folder given, or the path as given.
    var name: String
    var size: Int64
    /// The modification time, in nanoseconds since the epoch.
    var modified: Int64

    init(path: FilePath, name: String, size: Int64, modified: Int64) {
        self.path = path
        self.name = name
        self.size = size
        self.modified = modified
    }

    init(path: FilePath, name: String, info: FileStatus) {
        self.init(path: path, name: name, size: info.size, modified: info.modified)
    }
}
