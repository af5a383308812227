import Foundation
import Testing

/// scripts/install into a temporary home's ~/.local, as a user would: the binary runs, man finds
/// and renders the page, each shell loads its completion from where it looks by itself and
/// offers the options, and --uninstall takes away exactly what was put there.
@Suite("Install script end to end", .serialized, .enabled(if: ReleaseBuild.exists, ReleaseBuild.missing))
struct InstallEndToEndTests {
    /// A home with ~/.local/bin already holding a file of the user's, and reel installed there.
    final class Home {
        let path: String
        var prefix: String { path + "/.local" }
        /// What the install script printed.
        let report: String
        /// The environment a login in this home would have.
        var environment: [String: String] {
            ["HOME": path, "PATH": "\(prefix)/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "tmux-256color"]
        }

        init() throws {
            path = try ReleaseBuild.temporaryFolder("home")
            try FileManager.default.createDirectory(atPath: path + "/.local/bin", withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: path + "/.local/bin/mine", contents: Data("#!/bin/sh\n".utf8))
            report = try ReleaseBuild.script("install", [path + "/.local"], environment: ["REEL_BINARY": ReleaseBuild.binary, "HOME": path])
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        /// Every file (not folder) under the home, relative to it.
        func files() -> [String] {
            let all = FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []
            return all.filter { relative in
                var directory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path + "/" + relative, isDirectory: &directory) && !directory.boolValue
            }.sorted()
        }
    }

    @Test("it says what it put where, and the installed binary runs and names the real libmpv")
    func binaryRuns() throws {
        let home = try Home()
        for (what, path) in [("the program", "/bin/reel"), ("man reel", "/share/man/man1/reel.1"),
                             ("bash completion", "/share/bash-completion/completions/reel"),
                             ("zsh completion", "/share/zsh/site-functions/_reel"),
                             ("fish completion", "/share/fish/vendor_completions.d/reel.fish"),
                             ("desktop entry", "/share/applications/reel.desktop")] {
            #expect(home.report.contains(what) && home.report.contains(home.prefix + path), "\(what) not reported:\n\(home.report)")
        }
        let version = try ReleaseBuild.shell("reel --version", environment: home.environment)
        #expect(version.hasPrefix("reel ") && version.contains("libmpv 0.") && version.contains("client API 2."), "\(version)")
    }

    @Test("man finds the page from PATH and renders it, and man -l renders the file")
    func manPage() throws {
        let home = try Home()
        let found = try ReleaseBuild.shell("man -w reel", environment: home.environment)
        #expect(found.trimmingCharacters(in: .whitespacesAndNewlines) == home.prefix + "/share/man/man1/reel.1")
        let page = try ReleaseBuild.shell("MANWIDTH=100 man -l \(home.prefix)/share/man/man1/reel.1", environment: home.environment)
        for text in ["REEL(1)", "--seek-interval=S", "Keys while playing", "command: cycle pause", "[keys]", "EXIT STATUS"] {
            #expect(page.contains(text), "\(text) not in the rendered page")
        }
        let warnings = try ReleaseBuild.shell("groff -man -Tutf8 -ww -z \(home.prefix)/share/man/man1/reel.1", environment: home.environment)
        #expect(warnings.isEmpty, "groff warns: \(warnings)")
    }

    @Test("bash-completion loads the completion from ~/.local/share and offers options and their values")
    func bash() throws {
        let home = try Home()
        // As an interactive bash would: the loader finds the file on first use of `reel`; then the
        // completion function is called as readline calls it.
        let script = home.path + "/complete.bash"
        try """
            source /usr/share/bash-completion/bash_completion
            _completion_loader reel
            complete -p reel
            c() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _reel; echo "[$*] ${COMPREPLY[*]}"; }
            c reel --seek-i
            c reel --colors = t
            c reel --no-res
            c reel --blitter ''
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let output = try ReleaseBuild.shell("bash \(script)", environment: home.environment)
        #expect(output.contains("complete -o default -F _reel reel"), "\(output)")
        #expect(output.contains("[reel --seek-i] --seek-interval="))
        #expect(output.contains("[reel --colors = t] truecolor"))
        #expect(output.contains("[reel --no-res] --no-resume"))
        #expect(output.contains("[reel --blitter ] auto half quadrant sextant octant"))
    }

    @Test("fish finds the completion in ~/.local/share and offers options with what they do")
    func fish() throws {
        let home = try Home()
        let output = try ReleaseBuild.shell("fish -c 'complete -C \"reel --seek-i\"; complete -C \"reel --colors=\"'",
                                            environment: home.environment)
        #expect(output.contains("--seek-interval\tseconds per skip"), "\(output)")
        #expect(output.contains("--colors=truecolor"))
    }

    @Test("zsh, with the folder on fpath, completes an option as you press Tab")
    func zsh() throws {
        let home = try Home()
        let tmux = try TmuxSession(["zsh", "-f"], width: 120, height: 20, environment: home.environment, wrapped: false)
        try tmux.type("fpath=(\(home.prefix)/share/zsh/site-functions $fpath); autoload -Uz compinit; compinit -u -D; PS1='%% '")
        try tmux.send("Enter")
        try tmux.waitFor("% ")
        try tmux.type("reel --seek-i")
        try tmux.send("Tab")
        try tmux.waitFor("% reel --seek-interval=")
        try tmux.send("C-u")
        try tmux.type("reel --colors=")
        try tmux.send("Tab")
        try tmux.waitForScreen { $0.contains("truecolor") && $0.contains("256") }
    }

    @Test("the desktop entry it installs is valid by desktop-file-validate and runs reel on the files in a terminal")
    func desktopEntry() throws {
        let home = try Home()
        let entry = home.prefix + "/share/applications/reel.desktop"
        #expect(try ReleaseBuild.shell("desktop-file-validate '\(entry)' && echo valid", environment: home.environment)
            .trimmingCharacters(in: .whitespacesAndNewlines) == "valid")
        let text = (try? String(contentsOfFile: entry, encoding: .utf8)) ?? ""
        #expect(text.contains("\nExec=reel %F\n") && text.contains("\nTerminal=true\n") && text.contains("video/x-matroska;"))
    }

    @Test("--uninstall removes exactly what the install put there, and leaves the user's files")
    func uninstall() throws {
        let home = try Home()
        #expect(home.files().count > 5)
        let report = try ReleaseBuild.script("install", ["--uninstall", home.prefix], environment: ["HOME": home.path])
        #expect(report.contains("removed \(home.prefix)/bin/reel"))
        #expect(home.files() == [".local/bin/mine"], "left behind: \(home.files())")
        #expect(FileManager.default.fileExists(atPath: home.prefix + "/bin"), "a folder the user had is kept")
    }
}
