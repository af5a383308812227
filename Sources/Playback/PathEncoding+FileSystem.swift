import Glibc

extension PathEncoding {
    /// Creates `path` and its parents (mode 0700), like `mkdir -p`; what exists already is fine.
    public static func makeDirectories(_ path: String) throws(PlaybackError) {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            let made = withCString(current) { mkdir($0, 0o700) }
            if made != 0, errno != EEXIST { throw PlaybackError.system(call: "mkdir \(current)", errno: errno) }
        }
    }

    /// The name of a directory entry, its bytes kept as they are (see ``string(fromBytes:)``).
    public static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
        withUnsafeBytes(of: entry.pointee.d_name) { raw in string(fromBytes: raw.prefix { $0 != 0 }) }
    }
}
