import Playback
import System

/// One file the library lists.
public struct LibraryFile: Equatable, Sendable {
    /// The path to open.
    public var path: FilePath
    /// The name shown: below the folder given, or the path as given.
    public var name: String
    public var size: Int64
    /// The modification time, in nanoseconds since the epoch.
    public var modified: Int64

    public init(path: FilePath, name: String, size: Int64, modified: Int64) {
        self.path = path
        self.name = name
        self.size = size
        self.modified = modified
    }

    public init(path: FilePath, name: String, info: FileStatus) {
        self.init(path: path, name: name, size: info.size, modified: info.modified)
    }
}
