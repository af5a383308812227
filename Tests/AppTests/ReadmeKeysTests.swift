@testable import Commands
import Foundation
import Screens
import Testing

/// README's key tables are the table of commands, word for word.
@Suite("README's keys")
struct ReadmeKeysTests {
    static var readme: String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return (try? String(contentsOf: url.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    }

    @Test("each screen's key table in README.md is the one the table of commands makes", arguments: ScreenKind.allCases)
    func table(screen: ScreenKind) throws {
        let readme = Self.readme
        let begin = "<!-- keys:\(screen.rawValue) -->\n", end = "<!-- /keys:\(screen.rawValue) -->"
        let start = try #require(readme.range(of: begin), "README.md has no \(begin)")
        let stop = try #require(readme.range(of: end, range: start.upperBound..<readme.endIndex), "README.md has no \(end)")
        let expected = CommandTable.standard().markdownTable(for: screen)
        var found = String(readme[start.upperBound..<stop.lowerBound])
        if found.hasSuffix("\n") { found.removeLast() }
        #expect(found == expected, "README keys for \(screen.rawValue) should read:\n\(expected)")
    }
}
