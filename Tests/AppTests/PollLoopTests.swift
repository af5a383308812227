@testable import App
import Controls
import Testing

/// The program's one loop: a pass after each wait, until its stage is over.
@Suite("PollLoop")
struct PollLoopTests {
    /// A stage that waits on nothing, with no time to wait, for `passes` passes.
    final class CountingStage: LoopStage {
        let passes: Int
        var times: [Double] = []
        var waits: [Double] = []
        init(passes: Int) { self.passes = passes }

        func nextWait(now: Double) -> LoopWait? {
            guard times.count < passes else { return nil }
            waits.append(now)
            return LoopWait(entries: [], timeout: 0)
        }

        func pass(now: Double) { times.append(now) }
    }

    @Test("one pass after each wait, with the clock read after the wait, until the stage says it is over",
          arguments: [0, 1, 3])
    func passes(count: Int) {
        let stage = CountingStage(passes: count)
        PollLoop.run(stage)
        #expect(stage.times.count == count)
        #expect(stage.waits.count == count)
        for (wait, pass) in zip(stage.waits, stage.times) { #expect(wait <= pass) }
    }

    @Test("the wait is as long as the scheduler says: the earliest deadline, or no limit")
    func waitFromScheduler() {
        var scheduler = LoopScheduler()
        #expect(scheduler.wait(on: [], LoopScheduler.Outlook(deadlines: [12, 10.5]), now: 10).timeout == 0.5)
        #expect(scheduler.wait(on: [], LoopScheduler.Outlook(), now: 10).timeout == nil)
    }
}
