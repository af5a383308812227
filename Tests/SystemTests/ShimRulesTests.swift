import Foundation
import Testing

/// The shim's rules, held over the source tree so that later work keeps them: the C library's
/// errors, interrupts and lookups are System's alone, each system library has one owner, App
/// (and its parts: Options, Library, History, Desktop, Tmux, MediaJobs), Screens, Controls and Session
/// never import Glibc, and the pure modules (Drawing, Formatting, Media) import
/// nothing of the system; and DESIGN's rule that no source file grows past 400 lines.
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

    /// The modules that the files under `target` (`"Drawing/"`) import, by name.
    static func imports(under target: String) -> Set<String> {
        var modules: Set<String> = []
        for file in sources where file.path.hasPrefix(target) {
            for line in file.text.split(separator: "\n") {
                let words = line.split(separator: " ").drop { $0.hasPrefix("@") }
                if words.first == "import", words.count > 1 { modules.insert(String(words[words.startIndex + 1])) }
            }
        }
        return modules
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

    @Test("each system library is imported by its one owner: CSystem by System, CMpv by Playback, CZlib by Drawing, CDBus by DesktopBus",
          arguments: [("CSystem", "System"), ("CMpv", "Playback"), ("CZlib", "Drawing"), ("CDBus", "DesktopBus")])
    func oneOwner(library: String, owner: String) {
        let importers = Set(Self.files(using: "import \(library)").map { String($0.prefix { $0 != "/" }) })
        #expect(importers == [owner])
    }

    @Test("Drawing imports only its C fits and zlib, Formatting and Media nothing at all: no Glibc, Foundation, System or Terminal",
          arguments: [("Drawing/", ["CBlitter", "CZlib"]), ("Formatting/", []), ("Media/", [])] as [(String, Set<String>)])
    func pureModules(target: String, allowed: Set<String>) {
        #expect(Self.imports(under: "Drawing/").contains("CBlitter"), "the parse finds Drawing's imports")
        #expect(Self.imports(under: target).subtracting(allowed).isEmpty, "\(Self.imports(under: target))")
    }

    @Test("App, Screens, Controls, Session, Drawing, Formatting and Media do not import Glibc",
          arguments: ["App/", "Screens/", "Controls/", "Session/", "Drawing/", "Formatting/", "Media/"])
    func noGlibc(target: String) {
        #expect(Self.files(using: "import Glibc").filter { $0.hasPrefix(target) }.isEmpty)
    }

    @Test("the app's parts (Options, Library, History, Desktop, Tmux, MediaJobs) do not import Glibc either",
          arguments: ["Options/", "Library/", "History/", "Desktop/", "Tmux/", "MediaJobs/"])
    func appPartsUseNoGlibc(target: String) {
        #expect(Self.sources.contains { $0.path.hasPrefix(target) }, "\(target) has sources")
        noGlibc(target: target)
    }

    @Test("Graphics makes bytes and decisions and never touches the tty: it imports no Glibc or Foundation, and no Terminal type that writes",
          arguments: [("Graphics/", ["CBlitter", "Drawing", "System", "Terminal"])] as [(String, Set<String>)])
    func bytesNotTTY(target: String, allowed: Set<String>) {
        #expect(Self.imports(under: target).subtracting(allowed).isEmpty, "\(Self.imports(under: target))")
        for writer in ["TerminalSession", "TerminalOutput", "FileDescriptor", "SignalRelay.install"] {
            #expect(Self.files(using: writer).filter { $0.hasPrefix(target) }.isEmpty, "\(writer)")
        }
    }

    @Test("the screens' targets import neither the system (Glibc, Foundation, System) nor mpv: the table of commands, the screens' parts, the text search, the list screen",
          arguments: ["Commands/", "ScreenParts/", "TextSearch/", "ListScreen/"])
    func screensArePure(target: String) {
        #expect(Self.sources.contains { $0.path.hasPrefix(target) }, "the target's sources are found")
        #expect(Self.imports(under: target).isDisjoint(with: ["Glibc", "Foundation", "System", "Playback", "CMpv"]), "\(Self.imports(under: target))")
    }

    @Test("no Swift file under Sources is over 400 lines (DESIGN's rule: split by topic, Type+Topic.swift)")
    func filesStaySmall() {
        let long = Self.sources.filter { $0.text.split(separator: "\n", omittingEmptySubsequences: false).count > 401 }
        #expect(long.isEmpty, "\(long.map(\.path))")
    }
}
