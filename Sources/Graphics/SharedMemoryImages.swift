import System
import Terminal

/// The images handed to kitty through shared memory.
///
/// A frame goes into one of a few files under `/dev/shm` that reel keeps and writes again
/// (kitty's `t=f`, which reads a file and leaves it): one copy into memory already mapped, where
/// a new POSIX object (`t=s`) for every frame costs the kernel a new object's pages. A copy of
/// 1.5 MB into a new object took 0.25 ms of CPU, into a mapped file 0.09 ms; over the pixel
/// bench's kitty run at 900x540, reel's CPU went from 1.18–1.28 to 1.03–1.09 CPU-s. A file is
/// written again only once kitty has read the image it held: kitty reads before it answers, and
/// takes its commands in order, so an answer for an image says every image stored before it was
/// read too (answered or not). A screen of many images (the list's thumbnails, all in one frame)
/// gets a file each: written again before kitty read it, a file showed another row's picture
/// (four files then, and the list's rows took the pictures of the rows four below). Only when
/// ``most`` files wait unread is the oldest written again.
///
/// If kitty refuses a file (a kitty that reads no files under `/dev`), that image and every one
/// after it go in new objects (`t=s`) instead, which kitty removes as it reads them; each is
/// unlinked here when kitty answers, when too many wait, and at the latest when this object goes.
/// A fatal signal unlinks them all from its handler (``SignalRelay/setSharedMemoryPaths(_:)``).
final class SharedMemoryImages {
    /// How an image reached shared memory, for the transmit command.
    enum Handle {
        /// A kept file at this path (`t=f`).
        case file(path: String)
        /// A new POSIX object of this name (`t=s`).
        case object(name: String)
    }

    /// The most files kept, and the most objects left unread: kitty is surely past an image stored
    /// that many images ago, or never will answer.
    static let most = SignalRelay.sharedMemorySlots / 2

    /// An image kitty may not have read yet: its id, and its place in the order of stores.
    struct Unread: Equatable {
        var id: UInt32
        var order: UInt64
    }

    /// The kept files, the one written longest ago first, each with the image it holds while
    /// kitty may not have read it.
    private var files: [(file: SharedMemoryFile, unread: Unread?)] = []
    /// The objects kitty may not have read, oldest first.
    private var objects: [(unread: Unread, object: SharedMemoryObject)] = []
    /// Whether kitty refused a file: the rest go in objects.
    private var filesRefused = false
    /// How many images were stored.
    private var stored: UInt64 = 0
    /// The order of the latest image kitty answered for: it has read every one up to it.
    private var readThrough: UInt64 = 0

    /// The paths of the kept files, oldest first (for the tests).
    var filePaths: [String] { files.map(\.file.path) }

    /// Stores `bytes` for image `id`; returns where they are.
    func store(id: UInt32, bytes: UnsafeRawBufferPointer) throws(SystemError) -> Handle {
        stored += 1
        let unread = Unread(id: id, order: stored)
        if !filesRefused {
            let slot = try freeFile()
            try files[slot].file.write(bytes)
            files[slot].unread = unread
            return .file(path: files[slot].file.path)
        }
        let object = try SharedMemoryObject(bytes: bytes)
        objects.removeAll { $0.unread.order <= readThrough }
        objects.append((unread, object))
        if objects.count > SharedMemoryImages.most { objects.removeFirst(objects.count - SharedMemoryImages.most) }
        publish()
        return .object(name: object.name)
    }

    /// kitty answered for image `id`: `ok`, or with an error. A file it refused sends every image
    /// after it through objects.
    func answered(id: UInt32, ok: Bool) {
        if let slot = files.firstIndex(where: { $0.unread?.id == id }), let unread = files[slot].unread {
            readThrough = max(readThrough, unread.order)
            files[slot].unread = nil
            if !ok, !filesRefused {
                filesRefused = true
                files.removeAll()
                publish()
            }
        }
        guard let object = objects.first(where: { $0.unread.id == id }) else { return }
        readThrough = max(readThrough, object.unread.order)
        objects.removeAll { $0.unread.order <= readThrough }
        publish()
    }

    /// Unlinks every file and object (on the way out).
    func removeAll() {
        guard !files.isEmpty || !objects.isEmpty else { return }
        files.removeAll()
        objects.removeAll()
        publish()
    }

    deinit {
        files.removeAll()
        objects.removeAll()
        SignalRelay.setSharedMemoryPaths([])
    }

    /// A file whose image kitty has read, made if none is and fewer than ``most`` exist, else the
    /// one written longest ago; it moves to the back, so that the front is always that one.
    private func freeFile() throws(SystemError) -> Int {
        if let free = files.firstIndex(where: { $0.unread.map { $0.order <= readThrough } ?? true }) {
            files.append(files.remove(at: free))
        } else if files.count < SharedMemoryImages.most {
            files.append((try SharedMemoryFile(), nil))
            publish()
        } else {
            files.append(files.removeFirst())
        }
        return files.count - 1
    }

    private func publish() {
        SignalRelay.setSharedMemoryPaths(files.map(\.file.path) + objects.map(\.object.path))
    }
}
