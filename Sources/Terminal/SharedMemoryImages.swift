import System

/// The images handed to kitty through shared memory.
///
/// A frame goes into one of a few files under `/dev/shm` that reel keeps and writes again
/// (kitty's `t=f`, which reads a file and leaves it): one copy into memory already mapped, where
/// a new POSIX object (`t=s`) for every frame costs the kernel a new object's pages. A copy of
/// 1.5 MB into a new object took 0.25 ms of CPU, into a mapped file 0.09 ms; over the pixel
/// bench's kitty run at 900x540, reel's CPU went from 1.18–1.28 to 1.03–1.09 CPU-s. A file is
/// written again only once kitty has answered for the image it held (kitty reads before it
/// answers), or when every file waits and the oldest surely never will be answered.
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

    /// The most files kept, and the most objects left waiting: older images are surely read, or
    /// never will be.
    static let limit = 4

    /// The kept files, the one written longest ago first, each with the image it holds while
    /// kitty has not answered for it.
    private var files: [(file: SharedMemoryFile, waitingFor: UInt32?)] = []
    /// The objects kitty has not answered for, oldest first.
    private var objects: [(id: UInt32, object: SharedMemoryObject)] = []
    /// Whether kitty refused a file: the rest go in objects.
    private var filesRefused = false

    /// Stores `bytes` for image `id`; returns where they are.
    func store(id: UInt32, bytes: UnsafeRawBufferPointer) throws(SystemError) -> Handle {
        if !filesRefused {
            let slot = try freeFile()
            try files[slot].file.write(bytes)
            files[slot].waitingFor = id
            return .file(path: files[slot].file.path)
        }
        let object = try SharedMemoryObject(bytes: bytes)
        objects.append((id, object))
        if objects.count > SharedMemoryImages.limit { objects.removeFirst(objects.count - SharedMemoryImages.limit) }
        publish()
        return .object(name: object.name)
    }

    /// kitty answered for image `id`: `ok`, or with an error. A file it refused sends every image
    /// after it through objects.
    func answered(id: UInt32, ok: Bool) {
        if let slot = files.firstIndex(where: { $0.waitingFor == id }) {
            files[slot].waitingFor = nil
            if !ok, !filesRefused {
                filesRefused = true
                files.removeAll()
                publish()
            }
        }
        guard objects.contains(where: { $0.id == id }) else { return }
        objects.removeAll { $0.id == id }
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

    /// A file no image waits on, made if none is free and fewer than ``limit`` exist, else the
    /// one written longest ago; it moves to the back, so that the front is always that one.
    private func freeFile() throws(SystemError) -> Int {
        if let free = files.firstIndex(where: { $0.waitingFor == nil }) {
            files.append(files.remove(at: free))
        } else if files.count < SharedMemoryImages.limit {
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
