import Options
import Playback
import System

/// What the command line's arguments turned out to be, checked before the terminal is touched.
public struct InputPlan: Equatable {
    /// What to play, in the order given; folders are expanded in place, in natural order.
    public var sources: [MediaSource] = []
    /// The name each item is shown by (a file's path below the folder given).
    public var names: [String?] = []
    /// Whether a folder was among the arguments: the run starts at the list, and the local paths
    /// (``localPaths``) are read by a scan that fills the list in.
    public var hasFolder = false
    /// The local files and folders given, in order, for the scan.
    public var localPaths: [FilePath] = []
    /// The list's heading.
    public var title = "reel"
}

/// Checks the arguments with stat(2), so that a missing, unreadable or empty file is reported in
/// one clear line before anything else happens. URLs are mpv's to judge.
public enum InputCheck {
    /// The plan for `arguments`, or the line to print for the first one that cannot work.
    public static func plan(for arguments: [String], recursive: Bool, standardInput: StandardInput) -> Result<InputPlan, InputFailure> {
        var plan = InputPlan()
        var folders: [FilePath] = []
        for argument in arguments {
            let source = MediaSource(argument: argument)
            switch source {
            case .url:
                plan.sources.append(source)
                plan.names.append(nil)
            case .standardInput:
                switch standardInput {
                case .terminal:
                    return .failure(InputFailure(path: "-", reason: "standard input is a terminal; pipe a file in, as in cat film.mkv | reel -"))
                case .closed:
                    return .failure(InputFailure(path: "-", reason: "standard input is closed; pipe a file in, as in cat film.mkv | reel -"))
                case .readable:
                    break
                }
                if plan.sources.contains(.standardInput) {
                    return .failure(InputFailure(path: "-", reason: "standard input can be read only once"))
                }
                plan.sources.append(source)
                plan.names.append(nil)
            case .file(let path):
                switch kind(of: path) {
                case .directory:
                    plan.hasFolder = true
                    folders.append(path)
                    plan.localPaths.append(path)
                case .file(let size):
                    do {
                        try FileSystem.checkReadable(path)
                    } catch {
                        return .failure(InputFailure(path: path, reason: error.reason))
                    }
                    if size == 0 { return .failure(InputFailure(path: path, reason: "the file is empty")) }
                    plan.sources.append(source)
                    plan.names.append(nil)
                    plan.localPaths.append(path)
                case .pipe:
                    plan.sources.append(source)
                    plan.names.append(nil)
                case .other:
                    return .failure(InputFailure(path: path, reason: "not a regular file"))
                case .missing(let code):
                    return .failure(InputFailure(path: path, reason: SystemError.reason(code)))
                }
            }
        }
        plan.title = LibraryScanner.title(for: folders.isEmpty ? arguments.map { FilePath($0) } : folders)
        if plan.hasFolder {
            // The scan lists the local files and folders, in natural order; streams go first.
            let local = Set(plan.localPaths)
            let kept = zip(plan.sources, plan.names).filter { source, _ in
                if case .file(let path) = source { return !local.contains(path) }
                return true
            }
            plan.sources = kept.map(\.0)
            plan.names = kept.map(\.1)
        }
        return .success(plan)
    }

    /// What fd 0 was when reel started.
    public enum StandardInput: Equatable {
        /// The terminal: keys, not a video.
        case terminal
        /// Closed (`reel - <&-`): /dev/null stands in for it, and there is nothing to read.
        case closed
        /// A pipe, a file or anything else mpv can read.
        case readable

        /// What fd 0 is now, given whether it was closed at the start.
        public static func current(closedAtStart: Bool) -> StandardInput {
            if closedAtStart { return .closed }
            return FileSystem.isTerminal(0) ? .terminal : .readable
        }
    }

    public enum Kind: Equatable {
        case file(size: Int)
        case directory
        /// A FIFO: mpv reads it as a stream.
        case pipe
        case other
        case missing(errno: Int32)
    }

    public static func kind(of path: FilePath) -> Kind {
        let info: FileStatus
        do {
            info = try FileSystem.status(path)
        } catch {
            return .missing(errno: error.errno)
        }
        switch info.kind {
        case .regular: return .file(size: Int(info.size))
        case .directory: return .directory
        case .fifo: return .pipe
        default: return .other
        }
    }
}

/// A path that cannot be played, and why.
public struct InputFailure: Error, Equatable {
    var path: FilePath
    var reason: String

    /// The one line for stderr: `reel: NAME: reason`, with the name made inert.
    public var line: String { "reel: \(UsageError.visible(path.description)): \(reason)" }
}
