import Foundation
import Testing

/// The shim's rules, held over the source tree so that later work keeps them: the C library's
/// errors, interrupts and lookups are System's alone, and App, Screens, Controls and Session never import
/// Glibc; and DESIGN's rule that no source file grows past 400 lines.
@Suite("System shim rules")
struct ShimRulesTests {
    /// Every Swift file under Sources, by its path below Sources, with its text.
    static let sources: [(path: String, text: String)] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".swift") }.sorted().compactMap { path in
            (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)).map { (path, $0) }
        }
    }()

    /// The files whose code (not counting `///` and `//` comments) contains `word`.
    static func files(using word: String) -> [String] {
        sources.filter { file in
            file.text.split(separator: "\n").contains { line in
                let code = line.trimmingCharacters(in: .whitespaces)
                return !code.hasPrefix("//") && code.contains(word)
            }
        }.map(\.path)
    }

    @Test("the sources are found")
    func found() {
        #expect(Self.sources.count > 100)
    }

    @Test("strerror is formatted in one place")
    func oneStrerror() {
        #expect(Self.files(using: "strerror(") == ["System/SystemError.swift"])
    }

    @Test("EINTR is handled in System alone")
    func oneRetry() {
        #expect(Self.files(using: "EINTR").allSatisfy { $0.hasPrefix("System/") })
    }

    @Test("no Swift code looks up a C symbol by name or casts one to a function")
    func noDlsym() {
        #expect(Self.files(using: "dlsym(").isEmpty)
    }

    @Test("App, Screens, Controls and Session do not import Glibc", arguments: ["App/", "Screens/", "Controls/", "Session/"])
    func noGlibc(target: String) {
        #expect(Self.files(using: "import Glibc").filter { $0.hasPrefix(target) }.isEmpty)
    }

    @Test("no Swift file under Sources is over 400 lines (DESIGN's rule: split by topic, Type+Topic.swift)")
    func filesStaySmall() {
        let long = Self.sources.filter { $0.text.split(separator: "\n", omittingEmptySubsequences: false).count > 401 }
        #expect(long.isEmpty, "\(long.map(\.path))")
    }
}
