import Foundation
import Testing

/// A rule over the end-to-end tests' own sources: they wait on events (reel's trace, the screen,
/// an exit), not on the clock, so that a loaded machine makes them slower, never wrong.
@Suite("End-to-end fixed sleeps")
struct FixedSleepsTests {
    /// A sleep of a fixed time, in seconds, wherever `line` has one: a Thread or Task sleep, usleep,
    /// or `sleep N` in a shell or xdotool command (not the `exec sleep` that keeps a pane open).
    static func sleeps(in line: Substring) throws -> [Double] {
        let patterns: [(String, Double)] = [
            (#"Thread\.sleep\(forTimeInterval: *([0-9.]+)\)"#, 1), (#"usleep\(([0-9_]+)\)"#, 1e-6),
            (#"Task\.sleep\(for: *\.seconds\(([0-9.]+)\)\)"#, 1), (#"Task\.sleep\(nanoseconds: *([0-9_]+)\)"#, 1e-9),
            (#""sleep", "([0-9.]+)""#, 1), (#"(?:"|; )sleep ([0-9.]+)"#, 1),
        ]
        return try patterns.flatMap { pattern, unit in
            try line.matches(of: Regex(pattern)).compactMap { match in
                (match.output[1].substring).flatMap { Double($0.filter { $0 != "_" }) }.map { $0 * unit }
            }
        }
    }

    @Test("a fixed sleep is found in each form it takes, with its length in seconds", arguments: [
        ("Thread.sleep(forTimeInterval: 1.5)", [1.5]), ("usleep(300_000)", [0.3]), ("try await Task.sleep(for: .seconds(2))", [2]),
        ("[\"sleep\", \"0.05\", \"mousemove\"]", [0.05]), ("\"sleep 1; reel\"", [1]), ("a; sleep 0.5; b", [0.5]),
        ("\"exec sleep 100000\"", []), ("waitFor(\"Sleep\")", []),
    ] as [(String, [Double])])
    func finds(line: String, expected: [Double]) throws {
        #expect(try Self.sleeps(in: line[...]) == expected)
    }

    @Test("the end-to-end tests hold at most 8 fixed sleeps of 0.5 s or more (issue 37)")
    func atMostEight() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        var found: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        where name.hasSuffix(".swift") && name != URL(fileURLWithPath: #filePath).lastPathComponent {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for seconds in try Self.sleeps(in: line) where seconds >= 0.5 { found.append("\(name):\(number + 1): \(seconds) s") }
            }
        }
        #expect(found.count <= 8, "wait on reel's trace or the screen instead:\n\(found.joined(separator: "\n"))")
    }
}
