import System

/// Test support: the committed sample clips.
public enum Samples {
    /// The path of `name` in samples/.
    public static func path(_ name: String) -> FilePath {
        var directory = FilePath(#filePath)
        for _ in 0..<3 { directory = directory.removingLastComponent }
        return directory.appending("samples").appending(name)
    }
}
