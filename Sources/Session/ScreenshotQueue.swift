import Controls

/// The screenshots taken and not yet written: how many may wait, which is written next, and
/// how long quitting waits for them.
///
/// A frame is asked of mpv and written off the loop, one at a time in the order asked: at 4K,
/// scaling and compressing one takes a second or more. At most
/// ``capacity`` shots are pending (the one being written among them); a request beyond that
/// takes no frame, and the notice says how many wait. On quitting, what is pending may still be
/// written for ``exitPatience``; after that nothing more is begun, and what is left is counted
/// as not saved, for the exit line.
public struct ScreenshotQueue: Sendable, Equatable {
    /// How many shots may be pending at once: three 4K frames are about 100 MB.
    public static let standardCapacity = 3
    /// How long quitting waits for the shots pending.
    public static let exitPatience: Seconds = 2

    public enum Event: Sendable, Equatable {
        /// The user asked for a shot.
        case requested
        /// The shot being written is done: written, failed, or dropped.
        case finished
        /// reel is quitting: the shots pending may be written for `patience` seconds.
        case quitting(patience: Seconds)
        /// Time passed (for the deadline of quitting).
        case tick
    }

    public enum Action: Sendable, Equatable {
        /// Take the frame and write it now: nothing else is pending.
        case write
        /// Take the frame and keep it until those before it are written; `pending` shots wait.
        case keep(pending: Int)
        /// Take no frame: `pending` shots wait already.
        case refuse(pending: Int)
        /// Write the next frame kept.
        case writeNext
        /// Quitting, out of time: begin no more writes; ``pending`` is what was not saved.
        case stop
        /// Quitting, and nothing is pending any more.
        case done
        case none
    }

    public let capacity: Int
    /// Shots taken and not yet written: the one being written and those waiting behind it.
    public private(set) var pending = 0
    /// When quitting stops waiting; nil until reel quits.
    public private(set) var deadline: Seconds?
    /// Quitting ran out of time: nothing more is written.
    public private(set) var isStopped = false

    public init(capacity: Int = ScreenshotQueue.standardCapacity) {
        self.capacity = max(capacity, 1)
    }

    public mutating func event(_ event: Event, now: Seconds) -> Action {
        switch event {
        case .requested:
            guard deadline == nil else { return .refuse(pending: pending) }
            guard pending < capacity else { return .refuse(pending: pending) }
            pending += 1
            return pending == 1 ? .write : .keep(pending: pending)
        case .finished:
            pending = max(pending - 1, 0)
            if isStopped { return .none }
            if pending > 0 { return .writeNext }
            return deadline == nil ? .none : .done
        case .quitting(let patience):
            guard deadline == nil else { return .none }
            deadline = now + max(patience, 0)
            if pending == 0 { return .done }
            return patience > 0 ? .none : stop()
        case .tick:
            guard let deadline, !isStopped, now >= deadline else { return .none }
            return stop()
        }
    }

    /// When the loop must look again: the deadline of quitting while it waits.
    public var nextDeadline: Seconds? { isStopped ? nil : deadline }

    private mutating func stop() -> Action {
        isStopped = true
        return .stop
    }
}
