import Glibc

/// What a ``PollEntry`` waits for, or what came: `poll(2)`'s event bits.
public struct PollEvents: OptionSet, Sendable, Hashable {
    /// The bits, as `pollfd.events` and `revents` hold them.
    public let rawValue: Int16

    /// The events whose bits are `rawValue` (libdbus's, for one).
    public init(rawValue: Int16) { self.rawValue = rawValue }

    /// There is something to read (`POLLIN`).
    public static let readable = PollEvents(rawValue: Int16(POLLIN))
    /// A write would not block (`POLLOUT`).
    public static let writable = PollEvents(rawValue: Int16(POLLOUT))
    /// An error on the descriptor (`POLLERR`; always reported).
    public static let error = PollEvents(rawValue: Int16(POLLERR))
    /// The descriptor is not open (`POLLNVAL`; always reported).
    public static let invalid = PollEvents(rawValue: Int16(POLLNVAL))
}

/// One descriptor to wait on, and what it turned out to be ready for.
public struct PollEntry: Sendable, Equatable {
    /// The descriptor.
    public var descriptor: Int32
    /// What to wait for.
    public var events: PollEvents
    /// What came, after ``Poll/wait(_:timeout:)``.
    public var returned: PollEvents = []

    /// An entry that waits for `events` on `descriptor`.
    public init(_ descriptor: Int32, events: PollEvents) {
        self.descriptor = descriptor
        self.events = events
    }
}

/// `poll(2)` over ``PollEntry`` values.
public enum Poll {
    /// Waits until an entry is ready or `timeout` seconds have passed (nil: no limit; rounded up
    /// to whole milliseconds), and fills in each entry's ``PollEntry/returned``.
    ///
    /// - Returns: how many entries are ready; 0 at the timeout, and also when a signal
    ///   interrupted the wait (`EINTR`), which is not retried: the signal's own pipe is usually
    ///   among the entries, and the caller's loop looks at it next.
    @discardableResult
    public static func wait(_ entries: inout [PollEntry], timeout: Double?) throws(SystemError) -> Int {
        var fds = entries.map { pollfd(fd: $0.descriptor, events: $0.events.rawValue, revents: 0) }
        let milliseconds = timeout.map { Int32(min(max(($0 * 1000).rounded(.up), 0), Double(Int32.max))) } ?? -1
        let ready = poll(&fds, nfds_t(fds.count), milliseconds)
        if ready < 0 {
            let code = errno
            if code == EINTR { return 0 }
            throw SystemError(call: "poll", errno: code)
        }
        for index in entries.indices { entries[index].returned = PollEvents(rawValue: fds[index].revents) }
        return Int(ready)
    }
}
