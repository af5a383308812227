import Testing
@testable import TextSearch

#if canImport(Glibc)
import Glibc
#endif

/// The time a key takes in the jump to a subtitle line over 100,000 lines, for the report; run
/// with `REEL_BENCH=1 swift test -c release --filter SubtitleSearchBenchmark`.
///
/// It prints figures and asserts only what holds whatever the speed (no wall-clock assertion).
@Suite("Subtitle search benchmark", .enabled(if: getenv("REEL_BENCH") != nil))
struct SubtitleSearchBenchmarkTests {
    /// 100,000 lines of ten words each from a small vocabulary (a few with accents), numbered so
    /// that no two are alike.
    static func lines(count: Int = 100_000) -> [SubtitleLine] {
        let vocabulary = ["the", "cat", "was", "here", "and", "then", "it", "left", "café", "crème", "Jürgen", "over",
                          "there", "never", "again", "Time", "house", "door", "said", "what", "you", "know", "about", "it"]
        var state: UInt64 = 7
        return (0..<count).map { index in
            var words: [String] = []
            for _ in 0..<10 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                words.append(vocabulary[Int(state >> 33) % vocabulary.count])
            }
            return SubtitleLine(start: Double(index), text: words.joined(separator: " ") + " \(index).")
        }
    }

    @Test("each key of a typed query, Backspace and a non-ASCII word over 100,000 lines, against the full filter")
    func keys() {
        var search = SubtitleSearch(trackID: 1, position: 0)
        let lines = Self.lines()
        let clock = ContinuousClock()
        let made = clock.measure { _ = Self.lines() }
        print("making 100000 lines (each folded once, where the reader runs): \(made)")
        let received = clock.measure { search.receive(.lines(lines)) }
        print("receive 100000 lines: \(received)")
        var slowest = Duration.zero, total = Duration.zero, keys = 0
        var slowestBefore = Duration.zero, totalBefore = Duration.zero
        func key(_ name: String, _ body: (inout SubtitleSearch) -> Void) {
            let took = clock.measure { body(&search) }
            slowest = max(slowest, took)
            total += took
            keys += 1
            var before: [Int] = []
            let tookBefore = clock.measure { before = SubtitleSearchFilterTests.fullFilter(search.query, in: lines) }
            slowestBefore = max(slowestBefore, tookBefore)
            totalBefore += tookBefore
            #expect(before == search.matches)
            print("key \(name): \(took) (full filter \(tookBefore)), \(search.matches.count) matches")
        }
        for character in "the cat" { key("'\(character)'") { $0.type(String(character)) } }
        for _ in 0..<3 { key("Backspace") { $0.erase() } }
        key("clear") { $0.clear() }
        for character in "crè" { key("'\(character)'") { $0.type(String(character)) } }
        key("clear") { $0.clear() }
        for character in "JÜRGEN" { key("'\(character)'") { $0.type(String(character)) } }
        key("clear") { $0.clear() }
        key("'東'") { $0.type("東") }
        print("keys: \(keys), slowest \(slowest), mean \(total / keys); full filter: slowest \(slowestBefore), mean \(totalBefore / keys)")
    }
}
