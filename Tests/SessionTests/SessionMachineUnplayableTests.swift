import Testing
@testable import Session

/// Items the list already knows will not play: Up next, N and P pass over them.
@Suite("SessionMachine: known unplayable items")
struct SessionMachineUnplayableTests {
    @Test("the next and previous items skip the known unplayable ones", arguments: [
        // (count, unplayable, loop, from, after, before)
        (4, [1], false, 0, 2, nil),
        (4, [1, 2], false, 0, 3, nil),
        (4, [3], false, 2, nil, 1),
        (4, [3], true, 2, 0, 1),
        (4, [0], true, 1, 2, 3),
        (3, [0, 1, 2], true, 1, nil, nil),
        (1, [], true, 0, 0, 0),
    ] as [(Int, [Int], Bool, Int, Int?, Int?)])
    func neighbours(count: Int, unplayable: [Int], loop: Bool, from: Int, after: Int?, before: Int?) {
        var machine = SessionMachineTests.machine(count: count, loop: loop)
        for item in unplayable { _ = machine.event(.knownUnplayable(item: item), now: 0) }
        #expect(machine.item(after: from) == after)
        #expect(machine.item(before: from) == before)
    }

    @Test("an Up next that named an item found unplayable names the next playable one, keeping its countdown")
    func upNextMovesOn() {
        var machine = SessionMachineTests.machine(count: 3)
        _ = machine.event(.play(item: 0), now: 0)
        _ = machine.event(.ready, now: 0.5)
        _ = machine.event(.reachedEnd, now: 10)
        #expect(machine.upNext?.item == 1)
        _ = machine.event(.knownUnplayable(item: 1), now: 11)
        #expect(machine.phase == .ended(item: 0, upNext: .init(item: 2, start: 10, deadline: 15)))
        _ = machine.event(.knownUnplayable(item: 2), now: 12)
        #expect(machine.phase == .ended(item: 0, upNext: nil))
    }

    @Test("the end of an item goes past known unplayable ones to the next that may play")
    func endSkips() {
        var machine = SessionMachineTests.machine(count: 3, delay: 0)
        _ = machine.event(.knownUnplayable(item: 1), now: 0)
        _ = machine.event(.play(item: 0), now: 0)
        _ = machine.event(.ready, now: 0.5)
        #expect(machine.event(.reachedEnd, now: 10) == [.load(item: 2)])
    }

    @Test("the marks follow their items when items are inserted, or a playlist expands")
    func renumbered() {
        var machine = SessionMachineTests.machine(count: 3)
        _ = machine.event(.knownUnplayable(item: 2), now: 0)
        _ = machine.event(.itemsInserted(positions: [0]), now: 0)
        #expect(machine.unplayable == [3])
        _ = machine.event(.knownUnplayable(item: 1), now: 0)
        _ = machine.event(.itemExpanded(item: 1, into: 3), now: 0)
        #expect(machine.unplayable == [5])
    }
}
