import Controls
import Glibc
import Playback

/// Finds the files the library lists, from the folders and files on the command line.
///
/// - A folder is read without its subfolders, unless `recursive`; a folder met twice through
///   links (a loop) is read once.
/// - Names starting with "." are skipped, in folders (files given by name are always kept).
/// - Every regular file is a candidate: whether mpv can play it is for the probe to say, since
///   extensions lie both ways (an `.mkv` that is not one, a `.bin` that is). Skipping by
///   extension would save little: mpv turns a text file down in about 25 ms (see
///   docs/library.md).
/// - Dangling links and entries that cannot be read are skipped with a note.
/// - Files are in natural order by the name shown ("ep2" before "ep10"); a path given twice is
///   listed once.
enum LibraryScanner {
    /// How deep `--recursive` goes, as a guard against pathological trees.
    static let maxDepth = 64

    /// Scans `paths` (already checked by ``InputCheck``).
    static func scan(_ paths: [String], recursive: Bool) -> LibraryScan {
        var scan = LibraryScan(title: title(for: paths))
        var visited = Set<DirectoryID>()
        var seenPaths = Set<String>()
        for path in paths {
            var info = stat()
            guard PathEncoding.withCString(path, { stat($0, &info) }) == 0 else {
                scan.skipped.append(SkippedEntry(name: path, reason: String(cString: strerror(errno))))
                continue
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                // One folder alone: names below it. Several paths: names keep the folder's name.
                let prefix = paths.count == 1 ? "" : fileName(of: path) + "/"
                read(folder: path, shownAs: prefix, info: info, depth: 0, recursive: recursive,
                     visited: &visited, into: &scan)
            } else if info.st_mode & S_IFMT == S_IFREG {
                scan.files.append(LibraryFile(path: path, name: path, info: info))
            } else {
                scan.skipped.append(SkippedEntry(name: path, reason: "not a regular file"))
            }
        }
        scan.files = scan.files.filter { seenPaths.insert($0.path).inserted }
        scan.files = scan.files.map { (NaturalOrder.Key($0.name), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
        return scan
    }

    private static func read(folder: String, shownAs prefix: String, info: stat, depth: Int, recursive: Bool,
                             visited: inout Set<DirectoryID>, into scan: inout LibraryScan) {
        guard visited.insert(DirectoryID(info)).inserted else { return }
        guard let directory = PathEncoding.withCString(folder, { opendir($0) }) else {
            scan.skipped.append(SkippedEntry(name: prefix.isEmpty ? folder : prefix, reason: String(cString: strerror(errno))))
            return
        }
        defer { closedir(directory) }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        while let entry = readdir(directory) {
            // Names are bytes; PathEncoding keeps any that are not UTF-8, so the path still opens.
            let name = PathEncoding.name(of: entry)
            guard !name.hasPrefix(".") else { continue }
            let path = base + name
            let shown = prefix + PathEncoding.displayName(name)
            switch classify(path) {
            case .file(let info):
                scan.files.append(LibraryFile(path: path, name: shown, info: info))
            case .folder(let info):
                guard recursive, depth < maxDepth else { continue }
                read(folder: path, shownAs: shown + "/", info: info, depth: depth + 1, recursive: recursive,
                     visited: &visited, into: &scan)
            case .other:
                continue
            case .skipped(let reason):
                scan.skipped.append(SkippedEntry(name: shown, reason: reason))
            }
        }
    }

    private enum Entry {
        case file(stat)
        case folder(stat)
        case other
        case skipped(reason: String)
    }

    /// What `path` is, following a link; why it is skipped when it cannot be known.
    private static func classify(_ path: String) -> Entry {
        var info = stat()
        guard PathEncoding.withCString(path, { lstat($0, &info) }) == 0 else { return .skipped(reason: String(cString: strerror(errno))) }
        if info.st_mode & S_IFMT == S_IFLNK {
            guard PathEncoding.withCString(path, { stat($0, &info) }) == 0 else {
                let code = errno
                return .skipped(reason: code == ENOENT ? "dangling link" : String(cString: strerror(code)))
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            if PathEncoding.withCString(path, { access($0, R_OK) }) != 0 { return .skipped(reason: String(cString: strerror(errno))) }
            return .file(info)
        case S_IFDIR:
            return .folder(info)
        default:
            // Devices, pipes and sockets are never media files.
            return .other
        }
    }

    /// The header's title: a folder's name, or the names given.
    static func title(for paths: [String]) -> String {
        let names = paths.map { path -> String in
            var name = fileName(of: path)
            if name == "." || name == ".." || name.isEmpty, let real = PathEncoding.withCString(path, { realpath($0, nil) }) {
                name = fileName(of: String(cString: real))
                free(real)
            }
            return name
        }
        guard names.count > 1 else { return names.first ?? "reel" }
        let shown = names.prefix(3).joined(separator: ", ")
        return names.count > 3 ? shown + ", …" : shown
    }
}

/// A folder's identity, to read each folder once whatever the links.
private struct DirectoryID: Hashable {
    var device: UInt64
    var inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
