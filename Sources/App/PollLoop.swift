import Controls
import System

/// The program's one poll loop: it sleeps in poll(2) until a descriptor wakes it or its timeout
/// runs out, then runs one pass of its stage, until the stage is over.
///
/// Two stages run on it: ``StartWait``, the wait for the first item to open before the terminal
/// is touched, then ``AppLoop``, the scenes. A stage decides, with its ``LoopScheduler``, what the
/// loop waits on and for how long; the loop itself never busy-waits and holds no state.
enum PollLoop {
    /// Runs `stage` until its ``LoopStage/nextWait(now:)`` says it is over.
    static func run(_ stage: some LoopStage) {
        while let wait = stage.nextWait(now: monotonicNow()) {
            var entries = wait.entries
            _ = try? Poll.wait(&entries, timeout: wait.timeout)
            stage.pass(now: monotonicNow())
        }
    }
}

/// What one stage of the ``PollLoop`` waits on and does.
protocol LoopStage: AnyObject {
    /// What the loop waits on before the next pass; nil ends the stage.
    func nextWait(now: Double) -> LoopWait?
    /// One pass, after the wait: what woke the loop, and what is due.
    func pass(now: Double)
}

/// The descriptors the loop polls, and how long it may wait for them (nil: with no limit).
struct LoopWait {
    var entries: [PollEntry]
    var timeout: Double?
}

extension LoopScheduler {
    /// The wait on `entries` before the next pass, for as long as the scheduler says.
    mutating func wait(on entries: [PollEntry], _ outlook: Outlook, now: Double) -> LoopWait {
        guard case .poll(let timeout) = event(.willWait(outlook), now: now) else { return LoopWait(entries: entries, timeout: 0) }
        return LoopWait(entries: entries, timeout: timeout)
    }
}
