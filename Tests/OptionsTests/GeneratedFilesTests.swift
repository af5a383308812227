@testable import Commands
@testable import Options
import Foundation
import Screens
import Testing

/// The man page and the completions are written from the tables; the copies in the repository
/// (which the install script and the package install) must be what the tables write today.
@Suite("Generated files: the man page and the completions")
struct GeneratedFilesTests {
    static var root: URL {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }

    static func committed(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("docs/reel.1 and completions/ are what the tables write now (else run scripts/generate-docs)", arguments: [
        "docs/reel.1", "completions/reel.bash", "completions/_reel", "completions/reel.fish",
    ])
    func upToDate(path: String) throws {
        let fresh = switch path {
        case "docs/reel.1": ManPage.text()
        case "completions/reel.bash": Completions.script(for: .bash)
        case "completions/_reel": Completions.script(for: .zsh)
        default: Completions.script(for: .fish)
        }
        #expect(try Self.committed(path) == fresh, "\(path) is stale: run scripts/generate-docs")
    }

    @Test("the man page names every option and every default key, as --help does")
    func manPageIsComplete() {
        let page = ManPage.text()
        for spec in OptionSpec.shown { #expect(page.contains(ManPage.synopsis(spec)), "\(spec.name) missing") }
        for screen in ScreenKind.allCases {
            for row in CommandTable.standard().helpRows(for: screen) {
                #expect(page.contains(ManPage.bold(row.keys)) && page.contains(ManPage.escaped(row.help)), "\(row.keys) missing")
            }
        }
        #expect(!page.unicodeScalars.contains { $0.value >= 0x80 }, "roff input stays ASCII; glyphs are escapes")
        #expect(!page.split(separator: "\n").contains { $0.hasPrefix("'") }, "no line may start a request by accident")
    }

    @Test("every completion offers every spelling of every option", arguments: Completions.Shell.allCases)
    func completionsAreComplete(shell: Completions.Shell) {
        let script = Completions.script(for: shell)
        for spec in OptionSpec.shown {
            for spelling in spec.spellings {
                let fish = spelling.hasPrefix("--") ? "-l " + spelling.dropFirst(2) : "-s " + spelling.dropFirst()
                let written = shell == .fish ? fish + " " : spelling
                #expect(script.contains(written), "\(spelling) missing for \(shell)")
            }
        }
    }

    @Test("roff escapes: dashes, backslashes, glyphs and leading dots")
    func escaping() {
        #expect(ManPage.escaped("--seek-interval") == "\\-\\-seek\\-interval")
        #expect(ManPage.escaped("a\\b") == "a\\eb")
        #expect(ManPage.escaped("← 0…9") == "\\[u2190] 0\\[u2026]9")
        #expect(ManPage.escaped(".hidden") == "\\&.hidden")
        #expect(ManPage.escaped("'quoted") == "\\&'quoted")
    }
}
