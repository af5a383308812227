import Controls
import Testing
@testable import Session

/// What the list is and how it goes on: continue watching is no playlist; the list's loop and
/// order change while it plays.
@Suite("SessionMachine playlist")
struct SessionMachinePlaylistTests {
    static func machine(count: Int = 4, isPlaylist: Bool = true, loop: Bool = false) -> SessionMachine {
        var configuration = SessionMachine.Configuration()
        configuration.isPlaylist = isPlaylist
        configuration.loopPlaylist = loop
        return SessionMachine(configuration: configuration, itemCount: count)
    }

    /// `machine` playing `item` from `now`.
    static func playing(_ machine: inout SessionMachine, _ item: Int, now: Seconds = 0) {
        _ = machine.event(.play(item: item), now: now)
        _ = machine.event(.ready, now: now)
    }

    @Test("continue watching: the end offers no Up next, N and P go nowhere, and a failure does not open another entry")
    func notAPlaylist() {
        var machine = Self.machine(isPlaylist: false)
        Self.playing(&machine, 1)
        #expect(machine.item(after: 1) == nil && machine.item(before: 1) == nil)
        #expect(machine.event(.reachedEnd, now: 10).isEmpty)
        #expect(machine.phase == .ended(item: 1, upNext: nil))
        #expect(machine.nextDeadline == nil)
        #expect(machine.event(.next, now: 11).isEmpty && machine.event(.previous, now: 11).isEmpty)
        var failing = Self.machine(isPlaylist: false)
        _ = failing.event(.play(item: 0), now: 0)
        #expect(failing.event(.failed(reason: "gone"), now: 1).isEmpty)
        #expect(failing.phase == .failed(item: 0, reason: "gone"))
    }

    @Test("a playlist still offers the next item at the end")
    func playlistOffersNext() {
        var machine = Self.machine()
        Self.playing(&machine, 1)
        _ = machine.event(.reachedEnd, now: 10)
        #expect(machine.upNext?.item == 2)
    }

    @Test("turning the loop on while the last item ends names the first as Up next; off, nothing")
    func loopAtRuntime() {
        var machine = Self.machine(count: 3)
        Self.playing(&machine, 2)
        #expect(machine.item(after: 2) == nil)
        #expect(machine.event(.setLoopPlaylist(true), now: 1).isEmpty)
        #expect(machine.configuration.loopPlaylist)
        #expect(machine.item(after: 2) == 0)
        _ = machine.event(.reachedEnd, now: 10)
        #expect(machine.upNext?.item == 0)
        _ = machine.event(.setLoopPlaylist(false), now: 11)
        #expect(machine.phase == .ended(item: 2, upNext: nil))
    }

    @Test("a new order moves the items the machine names, and Up next follows it")
    func reordered() {
        var machine = Self.machine(count: 4)
        Self.playing(&machine, 0)
        _ = machine.event(.knownUnplayable(item: 3), now: 0)
        _ = machine.event(.reachedEnd, now: 10)
        #expect(machine.upNext == .init(item: 1, start: 10, deadline: 15))
        // 1 → 3, 2 → 1, 3 → 2: the old 2 now follows the item that ended.
        #expect(machine.event(.itemsReordered(newIndex: [0, 3, 1, 2]), now: 11).isEmpty)
        #expect(machine.upNext == .init(item: 1, start: 10, deadline: 15), "the countdown goes on, for the new next item")
        #expect(machine.unplayable == [2])
        #expect(machine.event(.tick, now: 15) == [.load(item: 1)])
    }

    @Test("an order that is not a permutation of the items is ignored")
    func badOrder() {
        var machine = Self.machine(count: 3)
        Self.playing(&machine, 1)
        let before = machine
        #expect(machine.event(.itemsReordered(newIndex: [0, 0, 1]), now: 1).isEmpty)
        #expect(machine.event(.itemsReordered(newIndex: [0, 1]), now: 1).isEmpty)
        #expect(machine == before)
    }
}
