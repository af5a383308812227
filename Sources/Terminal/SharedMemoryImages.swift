/// The shared-memory images handed to kitty and not yet answered for: each is unlinked when
/// kitty's answer for its image comes (kitty removes what it reads; one it could not read is
/// removed here), when too many wait, and at the latest when this object goes. A fatal signal
/// unlinks them from its handler (``SignalRelay/setSharedMemoryPaths(_:)``).
final class SharedMemoryImages {
    /// The most images left waiting: older ones are surely read, or never will be.
    static let limit = 8

    private var pending: [(id: UInt32, object: SharedMemoryObject)] = []

    /// Stores `bytes` for image `id` in a new object; returns its name.
    func store(id: UInt32, bytes: UnsafeRawBufferPointer) throws(TerminalError) -> String {
        let object = try SharedMemoryObject(bytes: bytes)
        pending.append((id, object))
        if pending.count > SharedMemoryImages.limit { pending.removeFirst(pending.count - SharedMemoryImages.limit) }
        publish()
        return object.name
    }

    /// kitty answered for image `id`: its object goes.
    func answered(id: UInt32) {
        guard pending.contains(where: { $0.id == id }) else { return }
        pending.removeAll { $0.id == id }
        publish()
    }

    /// The number of objects waiting.
    var count: Int { pending.count }

    /// Unlinks every object still waiting (on the way out).
    func removeAll() {
        guard !pending.isEmpty else { return }
        pending.removeAll()
        publish()
    }

    deinit {
        pending.removeAll()
        SignalRelay.setSharedMemoryPaths([])
    }

    private func publish() {
        SignalRelay.setSharedMemoryPaths(pending.map(\.object.path))
    }
}
