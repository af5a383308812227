import Testing
@testable import Formatting

@Suite("NaturalOrder")
struct NaturalOrderTests {
    @Test("pairs", arguments: [
        ("ep2", "ep10", true), ("ep10", "ep2", false), ("Ep2", "ep10", true), ("ep2", "EP10", true),
        ("a", "B", true), ("B", "a", false), ("file", "file1", true), ("x1y", "x1z", true),
        ("10", "9", false), ("9", "10", true), ("2 fast", "a movie", true), ("a movie", "2 fast", false),
        ("1.5", "1.10", true), ("ep\u{FF12}", "ep10", true),
        ("x99999999999999999999999", "x100000000000000000000000", true),
        ("x0000000000000000000000001", "x2", true),
        ("x123456789012345678901234567890b", "x123456789012345678901234567890a", false),
        // Ties by value and case fall back to plain String order, so the order is total.
        ("ep01", "ep1", true), ("ep1", "ep01", false), ("A", "a", true), ("a", "A", false), ("a", "a", false), ("", "a", true), ("a", "", false),
    ])
    func pair(lhs: String, rhs: String, expected: Bool) {
        #expect(NaturalOrder.areInIncreasingOrder(lhs, rhs) == expected)
    }

    @Test("keys order exactly as the comparison does", arguments: [
        ["", "a", "A", "a1", "a01", "a2", "a10", "A10", "b", "1", "01", "2", "10", "x-1", "x1", "x 1", "é", "e", "Z9", "z09"],
        ["ep10.mkv", "Extras", "ep2.mkv", "ep1.mkv", "Ep1.mkv", "ep01.mkv", "ep20.mkv"],
    ])
    func keys(names: [String]) {
        for lhs in names {
            for rhs in names {
                #expect((NaturalOrder.Key(lhs) < NaturalOrder.Key(rhs)) == NaturalOrder.areInIncreasingOrder(lhs, rhs), "\(lhs) < \(rhs)")
            }
        }
        #expect(NaturalOrder.sorted(names) == names.sorted(by: NaturalOrder.areInIncreasingOrder))
    }

    @Test("sorts a season as people read it")
    func sorts() {
        let names = ["ep10.mkv", "Extras", "ep2.mkv", "ep1.mkv", "Ep1.mkv", "ep01.mkv", "ep20.mkv"]
        #expect(NaturalOrder.sorted(names) == ["Ep1.mkv", "ep01.mkv", "ep1.mkv", "ep2.mkv", "ep10.mkv", "ep20.mkv", "Extras"])
    }

    @Test("is a strict weak ordering over a mixed sample")
    func strictWeakOrdering() {
        let sample = ["", "a", "A", "a1", "a01", "a2", "a10", "A10", "b", "1", "01", "2", "10", "x-1", "x1", "x 1", "é", "e", "Z9", "z09"]
        let less = NaturalOrder.areInIncreasingOrder
        for a in sample {
            #expect(!less(a, a))
            for b in sample where less(a, b) {
                #expect(!less(b, a))
                for c in sample where less(b, c) {
                    #expect(less(a, c))
                }
            }
        }
    }
}
