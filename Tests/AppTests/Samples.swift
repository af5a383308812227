import Playback
import System

/// Test support: the committed sample clips.
enum Samples {
    /// The path of `name` in samples/.
    static func path(_ name: String) -> FilePath {
        var directory = FilePath(#filePath)
        for _ in 0..<3 { directory = directory.removingLastComponent }
        return directory.appending("samples").appending(name)
    }
}
