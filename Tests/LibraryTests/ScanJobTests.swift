import Controls
import Glibc
import Testing
@testable import Library
import Playback

/// The scan on its own thread: batches through the pipe, in order, and a prompt stop.
@Suite("ScanJob")
struct ScanJobTests {
    /// Takes batches until the last, or 30 s; the list they build, and the batches' count.
    static func collect(_ job: ScanJob) -> (list: [LibraryFile], batches: [LibraryScanBatch]) {
        var list: [LibraryFile] = []
        var batches: [LibraryScanBatch] = []
        for _ in 0..<600 {
            var descriptor = pollfd(fd: job.wakeDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 50)
            guard let batch = job.take() else { continue }
            batches.append(batch)
            list = SortedInsertion.merge(list, inserting: batch.files, at: batch.positions)
            if batch.isFinished { break }
        }
        return (list, batches)
    }

    @Test("the batches build the list a whole scan makes, and the last says so")
    func delivers() throws {
        let folder = LibraryScannerTests.Folder()
        for index in 0..<300 { folder.file("clip\(index).mp4") }
        folder.folder("more")
        for index in 0..<50 { folder.file("more/ep\(index).mkv") }
        folder.link("broken.mp4", to: "/nonexistent")
        let job = try #require(ScanJob.start([folder.root], recursive: true))
        let (list, batches) = Self.collect(job)
        job.stop()
        let whole = LibraryScanner.scan([folder.root], recursive: true)
        #expect(list == whole.files)
        #expect(batches.last?.isFinished == true)
        #expect(batches.flatMap(\.skipped) == [SkippedEntry(name: "broken.mp4", reason: "dangling link")])
        #expect(batches.map(\.skippedCount).reduce(0, +) == 1)
    }

    /// A scan of a folder holding `first.mp4` and a link to /usr (150,000 files), and its first batch.
    static func largeTree() throws -> (folder: LibraryScannerTests.Folder, job: ScanJob, first: LibraryScanBatch) {
        let folder = LibraryScannerTests.Folder()
        folder.file("first.mp4")
        folder.link("usr", to: "/usr")
        let job = try #require(ScanJob.start([folder.root], recursive: true))
        return (folder, job, try #require(job.waitForFiles(seconds: 30)))
    }

    @Test("the first files come before the scan of a large tree is over, and stop() ends it")
    func stopsLargeTree() throws {
        let (folder, job, first) = try Self.largeTree()
        defer { withExtendedLifetime(folder) {} }
        #expect(first.files.contains { $0.name == "first.mp4" })
        #expect(!first.isFinished)
        // Returns once the thread has ended: the test would hang otherwise.
        job.stop()
        job.stop()
        _ = job.take()
        var descriptor = pollfd(fd: job.wakeDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&descriptor, 1, 100) == 0, "nothing comes after stop()")
    }

    @Test("a paused scan sends nothing until it goes on; stop() ends a paused scan")
    func pause() throws {
        let (folder, job, _) = try Self.largeTree()
        defer { withExtendedLifetime(folder) {} }
        job.setPaused(true)
        // A step under way when the pause came may still send its batch; then nothing.
        var descriptor = pollfd(fd: job.wakeDescriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, 200)
        _ = job.take()
        #expect(poll(&descriptor, 1, 300) == 0, "a paused scan sent a batch")
        job.setPaused(false)
        #expect(job.waitForFiles(seconds: 30)?.files.isEmpty == false)
        job.setPaused(true)
        job.stop()
    }

    @Test("a scan with nothing to list finishes with an empty last batch")
    func empty() throws {
        let folder = LibraryScannerTests.Folder()
        folder.folder("sub")
        let job = try #require(ScanJob.start([folder.root], recursive: false))
        let batch = try #require(job.waitForFiles(seconds: 30))
        #expect(batch.files.isEmpty && batch.isFinished)
        job.stop()
    }
}
