#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Graphics
@testable import Terminal

/// The files under `/dev/shm` that carry kitty's images: none is written again before kitty has
/// read the image in it, however many images a frame sends.
@Suite("SharedMemoryImages: a file is written again only once kitty read it")
struct SharedMemoryImagesTests {
    /// The first `count` bytes of the file at `path`.
    func contents(_ path: String, count: Int) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, count) }
        return Array(bytes.prefix(max(read, 0)))
    }

    /// Image `n`'s bytes: 64 of the value n.
    func image(_ n: Int) -> [UInt8] { [UInt8](repeating: UInt8(n), count: 64) }

    func store(_ images: SharedMemoryImages, _ n: Int) throws -> String {
        let handle = try image(n).withUnsafeBytes { bytes in try images.store(id: UInt32(n), bytes: bytes) }
        guard case .file(let path) = handle else {
            Issue.record("image \(n) not in a kept file: \(handle)")
            return ""
        }
        return path
    }

    @Test("ten images before any answer (a screen of thumbnails) take ten files, each still holding its own image")
    func screenOfThumbnails() throws {
        let images = SharedMemoryImages()
        let paths = try (1...10).map { try store(images, $0) }
        #expect(Set(paths).count == 10, "a file each: \(paths)")
        for (index, path) in paths.enumerated() {
            #expect(contents(path, count: 64) == image(index + 1), "file of image \(index + 1)")
        }
    }

    @Test("an answer for an image says every earlier one was read: their files are written again, oldest first")
    func answerInOrder() throws {
        let images = SharedMemoryImages()
        let paths = try (1...6).map { try store(images, $0) }
        images.answered(id: 4, ok: true)
        // Images 1 to 4 are read (kitty answered for 4, and reads in order); 5 and 6 may not be.
        let again = try (7...10).map { try store(images, $0) }
        #expect(again == Array(paths[0..<4]), "the files of images 1-4, in the order they were written")
        #expect(contents(paths[4], count: 64) == image(5) && contents(paths[5], count: 64) == image(6))
        let more = try store(images, 11)
        #expect(!paths.contains(more) && images.filePaths.count == 7, "a new file while 5 to 10 may be unread")
    }

    @Test("a frame at a time, each answered before the next (playback), needs one file")
    func playback() throws {
        let images = SharedMemoryImages()
        for n in 1...30 {
            _ = try store(images, n)
            images.answered(id: UInt32(n), ok: true)
        }
        #expect(images.filePaths.count == 1)
    }

    @Test("with no answer at all, the files stop at 64 and the oldest is written again")
    func bounded() throws {
        let images = SharedMemoryImages()
        let paths = try (1...64).map { try store(images, $0) }
        #expect(Set(paths).count == 64)
        #expect(try store(images, 65) == paths[0] && images.filePaths.count == 64)
    }
}
