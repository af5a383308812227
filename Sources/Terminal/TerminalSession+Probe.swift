#if canImport(Glibc)
import Glibc
#endif
import System

extension TerminalSession {
    /// Asks the terminal what it can show (``CapabilityProbe``) and reads its answers through an
    /// ``InputDecoder``, until its DA1 reply or, for a terminal that never answers, `timeout`
    /// seconds; a terminal that has begun to answer (kitty drawing a large window in software
    /// is slow to read its input) gets up to `patience` seconds in all. Nothing is drawn: the
    /// questions show nothing on any terminal that ignores them.
    ///
    /// Every terminal answers DA1, so the wait ends at its answer and the timeout is only a
    /// guard: it is a second, not less, because a terminal over SSH, or a kitty drawing in
    /// software on a busy machine, can take several hundred milliseconds to begin, and one that
    /// missed a shorter timeout was shown blocks instead of its pixels for the whole run.
    ///
    /// It enters raw mode first (``enterRawMode()``), and the terminal stays raw, so that an
    /// answer later than the timeout is read by the loop's decoder (as a reply, never a key)
    /// instead of being echoed. Keys typed during the probe are dropped.
    ///
    /// - Parameters:
    ///   - throughTmux: whether to ask tmux's client's terminal through passthrough
    ///     (``CapabilityProbe/query(sharedMemoryName:throughTmux:)``).
    ///   - sharedMemory: whether to ask kitty to read a one-pixel image from shared memory (false
    ///     when the terminal surely runs elsewhere).
    ///   - clock: seconds on the app's monotonic clock.
    public func probeCapabilities(timeout: Double = 1, patience: Double = 3, sharedMemory: Bool = true,
                                  throughTmux: Bool = false, clock: () -> Double) throws(SystemError) -> TerminalCapabilities {
        try enterRawMode()
        var probe = CapabilityProbe(throughTmux: throughTmux)
        // The one-pixel image for kitty's shared-memory question; it is unlinked when the probe
        // is over, whether kitty took it or not.
        let pixel: SharedMemoryObject? = sharedMemory ? [UInt8](repeating: 0, count: 3).withUnsafeBytes { try? SharedMemoryObject(bytes: $0) } : nil
        writeSequence(CapabilityProbe.query(sharedMemoryName: pixel?.name, throughTmux: throughTmux))
        var decoder = InputDecoder()
        var input: [UInt8] = []
        let start = clock()
        var answered = false
        while !probe.isComplete {
            let left = (answered ? max(timeout, patience) : timeout) - (clock() - start)
            guard left > 0 else { break }
            var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32((left * 1000).rounded(.up))) > 0 else { continue }
            input.removeAll(keepingCapacity: true)
            guard let count = try readInput(into: &input), count > 0 else { break }
            for case .reply(let reply) in decoder.feed(input, now: clock()) {
                probe.receive(reply)
                answered = true
            }
        }
        withExtendedLifetime(pixel) {}
        return probe.capabilities
    }
}
