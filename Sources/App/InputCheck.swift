import Glibc
import Playback

/// What the command line's paths turned out to be, checked before the terminal is touched.
enum InputPlan: Equatable {
    /// One file: play it (or its poster).
    case file(String)
    /// A folder or several files: the library.
    case library([String])
}

/// Checks the paths on the command line with stat(2), so that a missing, unreadable or empty file
/// is reported in one clear line before anything else happens.
enum InputCheck {
    /// The plan for `paths`, or the line to print for the first path that cannot work.
    static func plan(for paths: [String]) -> Result<InputPlan, InputFailure> {
        if paths.count == 1 {
            let path = paths[0]
            switch kind(of: path) {
            case .directory: return .success(.library(paths))
            case .file(let size):
                if PathEncoding.withCString(path, { access($0, R_OK) }) != 0 {
                    return .failure(InputFailure(path: path, reason: String(cString: strerror(errno))))
                }
                if size == 0 { return .failure(InputFailure(path: path, reason: "the file is empty")) }
                return .success(.file(path))
            case .other: return .failure(InputFailure(path: path, reason: "not a regular file"))
            case .missing(let code): return .failure(InputFailure(path: path, reason: String(cString: strerror(code))))
            }
        }
        for path in paths {
            if case .missing(let code) = kind(of: path) {
                return .failure(InputFailure(path: path, reason: String(cString: strerror(code))))
            }
        }
        return .success(.library(paths))
    }

    enum Kind: Equatable {
        case file(size: Int)
        case directory
        case other
        case missing(errno: Int32)
    }

    static func kind(of path: String) -> Kind {
        var info = stat()
        guard PathEncoding.withCString(path, { stat($0, &info) }) == 0 else { return .missing(errno: errno) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file(size: Int(info.st_size))
        case S_IFDIR: return .directory
        default: return .other
        }
    }
}

/// A path that cannot be played, and why.
struct InputFailure: Error, Equatable {
    var path: String
    var reason: String

    /// The one line for stderr: `reel: NAME: reason`, with the name made inert.
    var line: String { "reel: \(UsageError.visible(PathEncoding.displayName(path))): \(reason)" }
}
