import Controls
import Formatting
import Glibc
import Testing
import TestFiles
@testable import Library
import Playback
import System

/// The library's scan of real folders made for each test.
@Suite("LibraryScanner")
struct LibraryScannerTests {
    /// A fresh folder under /tmp, removed with everything in it when dropped (``ScratchFolder``).
    typealias Folder = ScratchFolder

    @Test("a folder lists its files in natural order, without hidden names or subfolders")
    func naturalOrder() {
        let folder = Folder()
        for name in ["ep10.mp4", "ep2.mp4", "Ep1.mp4", ".hidden.mp4", "notes.txt"] { folder.file(name) }
        folder.folder("extras")
        folder.file("extras/bonus.mp4")
        let scan = LibraryScanner.scan([FilePath(folder.path)], recursive: false)
        #expect(scan.files.map(\.name) == ["Ep1.mp4", "ep2.mp4", "ep10.mp4", "notes.txt"])
        #expect(scan.files[0].path.text == folder.path + "/Ep1.mp4" && scan.files[0].size == 10)
        #expect(scan.files[0].modified > 0)
        #expect(scan.skipped.isEmpty && scan.skippedNote == nil)
    }

    @Test("subtitle files in a folder are sidecars: neither listed nor counted nor skipped with a note")
    func subtitlesLeftOut() {
        let folder = Folder()
        for name in ["ep1.mkv", "ep1.srt", "ep1.en.ASS", "ep1.ssa", "ep1.vtt", "ep1.sub", "ep1.idx", "ep1.sup", "srt", "notes.txt"] {
            folder.file(name)
        }
        folder.folder("extras")
        folder.file("extras/ep2.mkv")
        folder.file("extras/ep2.srt")
        let scan = LibraryScanner.scan([FilePath(folder.path)], recursive: true)
        #expect(scan.files.map(\.name) == ["ep1.mkv", "extras/ep2.mkv", "notes.txt", "srt"])
        #expect(scan.skippedCount == 0 && scan.skippedNote == nil)
    }

    @Test("--recursive descends, names files below the folder, and reads a looped folder once")
    func recursive() {
        let folder = Folder()
        folder.file("b.mp4")
        folder.folder("season 1")
        folder.file("season 1/ep2.mp4")
        folder.file("season 1/ep10.mp4")
        folder.folder(".cache")
        folder.file(".cache/x.mp4")
        // A link back to the top: without a guard this would never end.
        folder.link("season 1/again", to: folder.path)
        let scan = LibraryScanner.scan([FilePath(folder.path)], recursive: true)
        #expect(scan.files.map(\.name) == ["b.mp4", "season 1/ep2.mp4", "season 1/ep10.mp4"])
    }

    @Test("dangling and looping links are skipped with a note")
    func badLinks() {
        let folder = Folder()
        folder.file("good.mp4")
        folder.link("broken.mp4", to: "/nonexistent/video.mp4")
        folder.link("loop.mp4", to: "loop.mp4")
        let scan = LibraryScanner.scan([FilePath(folder.path)], recursive: false)
        #expect(scan.files.map(\.name) == ["good.mp4"])
        #expect(scan.skipped == [
            SkippedEntry(name: "broken.mp4", reason: "dangling link"),
            SkippedEntry(name: "loop.mp4", reason: "Too many levels of symbolic links"),
        ] || scan.skipped == [
            SkippedEntry(name: "loop.mp4", reason: "Too many levels of symbolic links"),
            SkippedEntry(name: "broken.mp4", reason: "dangling link"),
        ])
        #expect(scan.skippedNote?.hasPrefix("2 entries skipped: ") == true)
        #expect(scan.skippedNote?.contains("broken.mp4 (dangling link)") == true)
    }

    /// Root reads every file whatever its mode, so this runs only as another user; the looping
    /// link above is the unreadable entry every user can make.
    @Test("a file without read permission is skipped with the system's reason", .enabled(if: getuid() != 0))
    func unreadable() {
        let folder = Folder()
        folder.file("locked.mp4")
        chmod(folder.path + "/locked.mp4", 0)
        let scan = LibraryScanner.scan([FilePath(folder.path)], recursive: false)
        #expect(scan.files.isEmpty)
        #expect(scan.skipped == [SkippedEntry(name: "locked.mp4", reason: "Permission denied")])
    }

    @Test("several paths are merged in natural order, each listed once, folders named")
    func severalPaths() {
        let folder = Folder()
        folder.folder("clips")
        folder.file("clips/ep2.mp4")
        folder.file("a10.mp4")
        folder.file("a9.mp4")
        let a9 = folder.path + "/a9.mp4"
        let scan = LibraryScanner.scan([FilePath(folder.path + "/a10.mp4"), FilePath(folder.path + "/clips"), FilePath(a9), FilePath(a9)], recursive: false)
        #expect(scan.files.map(\.path.text) == [a9, folder.path + "/a10.mp4", folder.path + "/clips/ep2.mp4"])
        #expect(scan.files.last?.name == "clips/ep2.mp4")
        #expect(scan.title == "a10.mp4, clips, a9.mp4, …")
    }

    @Test("the title is the folder's name, even for . and a trailing slash")
    func titles() {
        let folder = Folder()
        let name = String(folder.path.split(separator: "/").last!)
        #expect(LibraryScanner.title(for: [FilePath(folder.path + "/")]) == name)
        #expect(LibraryScanner.title(for: [FilePath(folder.path + "/.")]) == name)
        #expect(LibraryScanner.title(for: [FilePath("a"), FilePath("b")]) == "a, b")
    }

    @Test("an empty folder gives one line that names it and hints at --recursive")
    func emptyLine() {
        let folder = Folder()
        folder.folder("sub")
        let scan = LibraryScanner.scan([FilePath(folder.path)], recursive: false)
        #expect(scan.files.isEmpty)
        #expect(LibraryScanner.emptyLine(paths: [folder.path], note: scan.skippedNote, recursive: false)
            == "reel: \(folder.path): no files to play (subfolders are read with --recursive)")
        #expect(LibraryScanner.emptyLine(paths: [folder.path], note: scan.skippedNote, recursive: true)
            == "reel: \(folder.path): no files to play")
    }

    // MARK: The incremental scan

    /// Runs a scanner to the end one entry at a time; the files by name, the notes, and the steps taken.
    static func stepwise(_ paths: [FilePath], recursive: Bool) -> (names: [String], skipped: [SkippedEntry], steps: Int) {
        var scanner = LibraryScanner(paths: paths, recursive: recursive)
        var files: [LibraryFile] = []
        var skipped: [SkippedEntry] = []
        var steps = 0
        while !scanner.isFinished {
            let step = scanner.step(budget: 1)
            files += step.files
            skipped += step.skipped
            steps += 1
        }
        var order = LibraryOrder()
        return (order.insert(files).files.map(\.name), skipped, steps)
    }

    @Test("a step at a time finds what a whole scan finds")
    func stepByStep() {
        let folder = Folder()
        for name in ["b.mp4", "a.mp4", ".hidden.mp4"] { folder.file(name) }
        folder.folder("sub")
        folder.file("sub/c.mp4")
        folder.link("sub/up", to: "..")
        folder.link("gone.mp4", to: "/nonexistent/x")
        let whole = LibraryScanner.scan([FilePath(folder.path)], recursive: true)
        let stepwise = Self.stepwise([FilePath(folder.path)], recursive: true)
        #expect(stepwise.names == whole.files.map(\.name))
        #expect(stepwise.names == ["a.mp4", "b.mp4", "sub/c.mp4"])
        #expect(stepwise.skipped == whole.skipped && whole.skipped == [SkippedEntry(name: "gone.mp4", reason: "dangling link")])
    }

    @Test("links to the parent and to the top make no loop: each folder is read once")
    func loops() {
        let folder = Folder()
        folder.folder("a")
        folder.folder("a/b")
        folder.file("a/b/clip.mp4")
        folder.link("a/b/parent", to: "..")
        folder.link("a/b/top", to: folder.path)
        folder.link("a/again", to: "b")
        let scan = Self.stepwise([FilePath(folder.path)], recursive: true)
        #expect(scan.names == ["a/b/clip.mp4"])
        #expect(scan.skipped.isEmpty)
    }

    @Test("a link to a pseudo file system is not read, with a note, in a few steps", arguments: [
        ("/proc", "proc"), ("/sys", "sysfs"), ("/dev/pts", "devpts"),
    ])
    func pseudoFileSystem(target: String, type: String) {
        let folder = Folder()
        folder.file("clip.mp4")
        folder.link("system", to: target)
        let scan = Self.stepwise([FilePath(folder.path)], recursive: true)
        #expect(scan.names == ["clip.mp4"])
        #expect(scan.skipped == [SkippedEntry(name: "system/", reason: "a \(type) file system")])
        // The top folder's three entries, the link's folder, and the ends: not the machine.
        #expect(scan.steps < 10)
    }

    /// Whether /dev is a devtmpfs here (it is a plain tmpfs in some containers).
    static let devIsDevtmpfs: Bool = {
        var info = stat()
        stat("/dev", &info)
        return PseudoFileSystem.readMountTypes()[UInt64(info.st_dev)] == "devtmpfs"
    }()

    @Test("devtmpfs, which shares tmpfs's magic number, is told by the mount table", .enabled(if: devIsDevtmpfs))
    func devtmpfs() {
        let folder = Folder()
        folder.link("devices", to: "/dev")
        let scan = Self.stepwise([FilePath(folder.path)], recursive: true)
        #expect(scan.skipped == [SkippedEntry(name: "devices/", reason: "a devtmpfs file system")])
    }

    @Test("a tmpfs folder is read: only devtmpfs among the memory file systems is skipped")
    func memoryFileSystem() {
        #expect(PseudoFileSystem.name(magic: 0x0102_1994, device: 7) { [7: "tmpfs"] } == nil)
        #expect(PseudoFileSystem.name(magic: 0x0102_1994, device: 7) { [7: "devtmpfs"] } == "devtmpfs")
        #expect(PseudoFileSystem.name(magic: 0xEF53, device: 7) { Issue.record("no table needed"); return [:] } == nil)
        #expect(PseudoFileSystem.name(magic: 0x9FA0, device: 7) { Issue.record("no table needed"); return [:] } == "proc")
    }

    @Test("the mount table's devices match stat's")
    func mountTable() {
        let table = PseudoFileSystem.mountTypes(mountinfo: """
            22 27 0:21 / /proc rw,relatime - proc proc rw
            36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue
            garbage
            """)
        #expect(table == [PseudoFileSystem.deviceNumber(major: 0, minor: 21): "proc",
                          PseudoFileSystem.deviceNumber(major: 98, minor: 0): "ext3"])
        #expect(PseudoFileSystem.deviceNumber(major: 8, minor: 1) == 0x801)
        var info = stat()
        stat("/proc", &info)
        #expect(PseudoFileSystem.readMountTypes()[UInt64(info.st_dev)] == "proc")
    }

    @Test("--recursive stops at the maximum depth")
    func depth() {
        let folder = Folder()
        var path = ""
        for level in 0...LibraryScanner.maxDepth + 1 {
            path += (path.isEmpty ? "" : "/") + "d"
            folder.folder(path)
            folder.file(path + "/level\(level + 1).mp4")
        }
        let names = Self.stepwise([FilePath(folder.path)], recursive: true).names
        #expect(names.count == LibraryScanner.maxDepth)
        #expect(names.contains { $0.hasSuffix("/level\(LibraryScanner.maxDepth).mp4") })
        #expect(!names.contains { $0.hasSuffix("/level\(LibraryScanner.maxDepth + 1).mp4") })
    }

    @Test("only the first skipped entries are kept by name; all are counted")
    func skippedCap() {
        var scan = LibraryScan(title: "t")
        scan.skip((0..<30).map { SkippedEntry(name: "e\($0)", reason: "r") })
        #expect(scan.skipped.count == LibraryScan.skippedNamesKept && scan.skippedCount == 30)
        #expect(scan.skippedNote?.hasPrefix("30 entries skipped: e0 (r), e1 (r)") == true)
        #expect(scan.skippedNote?.hasSuffix("e19 (r), …") == true)
    }

    @Test("batches put in natural order land where a whole sort puts them", arguments: 0..<20)
    func order(run: Int) {
        var generator = SystemRandomNumberGenerator()
        let names = (0..<200).map { _ in "ep\(Int.random(in: 0...300, using: &generator))-\(["a", "B", "c"].randomElement(using: &generator)!)" }
        var order = LibraryOrder()
        var list: [LibraryFile] = []
        var rest = names.map { LibraryFile(path: FilePath("/" + $0), name: $0, size: 0, modified: 0) }
        while !rest.isEmpty {
            let batch = Array(rest.prefix(Int.random(in: 1...40, using: &generator)))
            rest.removeFirst(batch.count)
            let (files, positions) = order.insert(batch)
            list = SortedInsertion.merge(list, inserting: files, at: positions)
        }
        #expect(list.map(\.name) == NaturalOrder.sorted(names))
        #expect(order.count == names.count)
    }
}

