import System
import Testing
@testable import Library

/// Where probe results go while a scan inserts files before the rows asked about.
@Suite("ProbeTargets")
struct ProbeTargetsTests {
    static func files(_ names: [String]) -> [LibraryFile?] {
        names.map { LibraryFile(path: FilePath("/v/" + $0), name: $0, size: 1, modified: 0) }
    }

    @Test("a result lands on its file's row after batches went in before it, and comes once")
    func followsInsertions() {
        var targets = ProbeTargets()
        targets.ask([0, 1, 2], of: Self.files(["b", "d", "f"]), unanswered: [])
        // a and c go in: b d f move to 1 3 4; then e and g: f moves to 5.
        targets.insert(at: [0, 2])
        targets.insert(at: [4, 6])
        #expect(targets.answer(FilePath("/v/f")) == 5)
        #expect(targets.answer(FilePath("/v/b")) == 1)
        #expect(targets.answer(FilePath("/v/d")) == 3)
        #expect(targets.answer(FilePath("/v/d")) == nil)
    }

    @Test("only the files still unanswered are kept from an earlier request")
    func bounded() {
        var targets = ProbeTargets()
        let list = Self.files((0..<100).map { "f\($0)" })
        targets.ask(Array(0..<30), of: list, unanswered: [])
        targets.ask(Array(30..<60), of: list, unanswered: [FilePath("/v/f3")])
        #expect(targets.count == 31)
        #expect(targets.answer(FilePath("/v/f3")) == 3)
        #expect(targets.answer(FilePath("/v/f4")) == nil)
    }
}
