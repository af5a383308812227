import Controls
import Options
import Playback
import System

/// Finds the files the library lists, from the folders and files on the command line, a step at
/// a time, so that a huge tree never holds anything up: ``ScanJob`` runs it on a thread of its
/// own and hands the list what it finds as it goes; ``scan(_:recursive:)`` runs it to the end.
///
/// - A folder is read without its subfolders, unless `recursive`. Folders are read breadth
///   first (what is near the top shows first), each one once by device and inode whatever the
///   links (a loop is read once), at most ``maxDepth`` below the folder given.
/// - Pseudo file systems (proc, sysfs, devtmpfs, cgroup…: ``PseudoFileSystem``) are not read,
///   with a note: through a link to /proc a scan would otherwise walk the whole machine.
/// - Names starting with "." are skipped, in folders (files given by name are always kept).
/// - Every regular file is a candidate: whether mpv can play it is for the probe to say, since
///   extensions lie both ways (an `.mkv` that is not one, a `.bin` that is). Skipping by
///   extension would save little: mpv turns a text file down in about 25 ms (see
///   docs/library.md). The one exception is a subtitle file in a folder (`.srt`, `.ass`,
///   `.vtt`…: ``SidecarCheck/isSubtitle(_:)``): a sidecar the player loads with its video, not
///   a video, so it is neither listed nor counted.
/// - Dangling links and entries that cannot be read are skipped with a note.
/// - A path given twice is listed once. The order is for the list to make (``LibraryOrder``):
///   ``step(budget:)`` returns files as it finds them.
public struct LibraryScanner {
    /// How deep `--recursive` goes, as a guard against pathological trees.
    static let maxDepth = 64

    /// What one step found.
    public struct Step {
        public var files: [LibraryFile] = []
        public var skipped: [SkippedEntry] = []
    }

    /// A folder waiting to be read.
    private struct Folder {
        var path: FilePath
        /// What the names of the files in it start with: "" for the one folder given, else the
        /// path to it from the folder given, with a trailing "/".
        var prefix: String
        var depth: Int

        /// The folder's name in a note.
        var shownName: String { prefix.isEmpty ? path.description : prefix }
    }

    public let recursive: Bool
    /// The paths given and not looked at yet, last first.
    private var given: [FilePath]
    private let severalGiven: Bool
    /// The regular files given by name, so that a folder read later does not list them again.
    private var givenFiles = Set<FilePath>()
    /// The folders to read, first at ``nextFolder``.
    private var folders: [Folder] = []
    private var nextFolder = 0
    /// The folder being read, and its reader.
    private var current: (folder: Folder, reader: DirectoryReader)?
    private var visited = Set<DirectoryReader.Identity>()
    /// The mount table, read when a directory's file system needs it.
    private var mounts: [UInt64: String]?

    /// Whether everything has been looked at.
    public private(set) var isFinished = false

    public init(paths: [FilePath], recursive: Bool) {
        self.recursive = recursive
        given = paths.reversed()
        severalGiven = paths.count > 1
    }

    /// Looks at up to `budget` entries (a path given, a folder opened, or an entry read) and
    /// returns what they were. Call it until ``isFinished``.
    public mutating func step(budget: Int) -> Step {
        var step = Step()
        var budget = max(budget, 1)
        while budget > 0, !isFinished {
            budget -= 1
            if let (folder, reader) = current {
                guard let (name, entry) = reader.next() else {
                    current = nil
                    continue
                }
                let path = folder.path.appending(name)
                let shown = folder.prefix + name.description
                switch entry {
                case .file(let info):
                    if !SidecarCheck.isSubtitle(name), givenFiles.isEmpty || !givenFiles.contains(path) {
                        step.files.append(LibraryFile(path: path, name: shown, info: info))
                    }
                case .folder:
                    if recursive, folder.depth < Self.maxDepth {
                        folders.append(Folder(path: path, prefix: shown + "/", depth: folder.depth + 1))
                    }
                case .other:
                    break
                case .skipped(let reason):
                    step.skipped.append(SkippedEntry(name: shown, reason: reason))
                }
            } else if let path = given.popLast() {
                look(atGiven: path, into: &step)
            } else if nextFolder < folders.count {
                let folder = folders[nextFolder]
                nextFolder += 1
                if nextFolder > 1024, nextFolder * 2 > folders.count {
                    folders.removeFirst(nextFolder)
                    nextFolder = 0
                }
                open(folder, into: &step)
            } else {
                isFinished = true
            }
        }
        return step
    }

    /// A path from the command line: a folder to read, a file to list, or a note.
    private mutating func look(atGiven path: FilePath, into step: inout Step) {
        let info: FileStatus
        do {
            info = try FileSystem.status(path)
        } catch {
            step.skipped.append(SkippedEntry(name: path.description, reason: error.reason))
            return
        }
        switch info.kind {
        case .directory:
            // One folder alone: names below it. Several paths: names keep the folder's name.
            let prefix = severalGiven ? path.lastComponent.description + "/" : ""
            folders.append(Folder(path: path, prefix: prefix, depth: 0))
        case .regular:
            if givenFiles.insert(path).inserted { step.files.append(LibraryFile(path: path, name: path.description, info: info)) }
        default:
            step.skipped.append(SkippedEntry(name: path.description, reason: "not a regular file"))
        }
    }

    /// Opens `folder` for reading, unless it was read already or is on a pseudo file system.
    private mutating func open(_ folder: Folder, into step: inout Step) {
        let reader: DirectoryReader
        do {
            reader = try DirectoryReader(path: folder.path)
        } catch {
            step.skipped.append(SkippedEntry(name: folder.shownName, reason: error.reason))
            return
        }
        guard visited.insert(reader.identity).inserted else { return }
        let pseudo = PseudoFileSystem.name(magic: reader.fileSystemMagic, device: reader.identity.device) {
            if mounts == nil { mounts = PseudoFileSystem.readMountTypes() }
            return mounts ?? [:]
        }
        if let pseudo {
            step.skipped.append(SkippedEntry(name: folder.shownName, reason: "a \(pseudo) file system"))
            return
        }
        current = (folder, reader)
    }

    /// Scans `paths` (already checked by ``InputCheck``) to the end, in natural order.
    public static func scan(_ paths: [FilePath], recursive: Bool) -> LibraryScan {
        var scanner = LibraryScanner(paths: paths, recursive: recursive)
        var scan = LibraryScan(title: title(for: paths))
        while !scanner.isFinished {
            let step = scanner.step(budget: 4096)
            scan.files += step.files
            scan.skip(step.skipped)
        }
        var order = LibraryOrder()
        scan.files = order.insert(scan.files).files
        return scan
    }

    /// The header's title: a folder's name, or the names given.
    public static func title(for paths: [FilePath]) -> String {
        let names = paths.map { path -> String in
            let name = path.lastComponent
            if name == "." || name == ".." || name.isEmpty, let real = FileSystem.resolved(path) {
                return real.lastComponent.description
            }
            return name.description
        }
        guard names.count > 1 else { return names.first ?? "reel" }
        let shown = names.prefix(3).joined(separator: ", ")
        return names.count > 3 ? shown + ", …" : shown
    }

    /// The line for a library with nothing in it: what was looked at, and a hint.
    public static func emptyLine(paths: [String], note: String?, recursive: Bool) -> String {
        let what = paths.count == 1 ? UsageError.visible(FilePath(paths[0]).description) : "\(paths.count) paths"
        var line = "reel: \(what): no files to play"
        if let note { line += " (\(note))" } else if !recursive { line += " (subfolders are read with --recursive)" }
        return line
    }
}
