import Controls
import Testing

@Suite("SortedInsertion", .serialized)
struct SortedInsertionTests {
    /// The positions that `new` (sorted) takes when merged into `old` (sorted), the old first on ties.
    static func positions(of new: [Int], in old: [Int]) -> [Int] {
        let merged = (old.map { ($0, 0) } + new.map { ($0, 1) }).sorted { $0 < $1 }
        return merged.indices.filter { merged[$0].1 == 1 }
    }

    @Test("a batch lands at its positions; everything else keeps its order")
    func merge() {
        #expect(SortedInsertion.merge([2, 4, 6], inserting: [1, 5, 9], at: [0, 3, 5]) == [1, 2, 4, 5, 6, 9])
        #expect(SortedInsertion.merge([Int](), inserting: [1, 2], at: [0, 1]) == [1, 2])
        #expect(SortedInsertion.merge([1, 2], inserting: [], at: []) == [1, 2])
        #expect(SortedInsertion.merge([3], inserting: [1, 2], at: [0, 1]) == [1, 2, 3])
    }

    /// An object that counts the live ones, to see that moving them keeps each once.
    final class Token {
        nonisolated(unsafe) static var live = 0
        let value: Int
        init(_ value: Int) { self.value = value; Token.live += 1 }
        deinit { Token.live -= 1 }
    }

    @Test("in place, references move: each object is in the list once, and none is lost or freed twice")
    func referencesMove() {
        let before = Token.live
        do {
            var list = [2, 4, 6, 8].map(Token.init)
            let kept = list[1]
            SortedInsertion.insert([1, 5, 9].map(Token.init), at: [0, 3, 6], into: &list)
            #expect(list.map(\.value) == [1, 2, 4, 5, 6, 8, 9])
            #expect(list[2] === kept)
            #expect(Token.live == before + 7)
            SortedInsertion.insert([Token(0)], at: [0], into: &list)
            #expect(list.map(\.value) == [0, 1, 2, 4, 5, 6, 8, 9])
        }
        #expect(Token.live == before)
    }

    @Test("an old index maps to where its element went")
    func newIndex() {
        // [2, 4, 6] + 1 at 0, 5 at 3, 9 at 5 → [1, 2, 4, 5, 6, 9]
        #expect([0, 1, 2].map { SortedInsertion.newIndex(of: $0, insertingAt: [0, 3, 5]) } == [1, 2, 4])
        #expect(SortedInsertion.newIndex(of: 7, insertingAt: []) == 7)
    }

    @Test("random batches: merging equals sorting, and two batches combined equal both in turn", arguments: 0..<50)
    func randomBatches(run: Int) {
        var generator = SystemRandomNumberGenerator()
        let old = (0..<Int.random(in: 0...30, using: &generator)).map { _ in Int.random(in: 0...100, using: &generator) }.sorted()
        let first = (0..<Int.random(in: 0...20, using: &generator)).map { _ in Int.random(in: 0...100, using: &generator) }.sorted()
        let second = (0..<Int.random(in: 0...20, using: &generator)).map { _ in Int.random(in: 0...100, using: &generator) }.sorted()
        let firstPositions = Self.positions(of: first, in: old)
        let middle = SortedInsertion.merge(old, inserting: first, at: firstPositions)
        #expect(middle == (old + first).sorted(), "old \(old), first \(first)")
        for index in old.indices {
            #expect(middle[SortedInsertion.newIndex(of: index, insertingAt: firstPositions)] == old[index])
        }
        let secondPositions = Self.positions(of: second, in: middle)
        let end = SortedInsertion.merge(middle, inserting: second, at: secondPositions)
        let combined = SortedInsertion.combine((first, firstPositions), (second, secondPositions))
        #expect(combined.positions == combined.positions.sorted())
        #expect(SortedInsertion.merge(old, inserting: combined.elements, at: combined.positions) == end,
                "old \(old), first \(first), second \(second)")
    }
}
