import Foundation
import Testing

/// scripts/package: the .deb is built, names libmpv2 as a dependency, holds the binary, the man
/// page and the completions, and its binary needs no library of the Swift toolchain and plays.
@Suite("Debian package end to end", .serialized, .enabled(if: ReleaseBuild.exists, ReleaseBuild.missing))
struct PackageEndToEndTests {
    /// The package, built once for the suite and unpacked with dpkg -x.
    final class Unpacked: @unchecked Sendable {
        let folder: String
        let deb: String
        var root: String { folder + "/root" }

        init() throws {
            folder = try ReleaseBuild.temporaryFolder("package")
            deb = try ReleaseBuild.script("package", [folder + "/out"], environment: ["REEL_BINARY": ReleaseBuild.binary])
                .trimmingCharacters(in: .whitespacesAndNewlines)
            try Subprocess.run("/usr/bin/dpkg", ["-x", deb, root], captureOutput: false)
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }
    }

    nonisolated(unsafe) static var built: Unpacked?
    // nonisolated(unsafe): the suite is serialized; the first test builds it, the rest read it.

    static func package() throws -> Unpacked {
        if let built { return built }
        let made = try Unpacked()
        built = made
        return made
    }

    /// Where the Swift toolchain lives (the folder above its usr/bin/swift).
    static func toolchain() throws -> String {
        let swift = try Subprocess.run("/bin/sh", ["-c", "readlink -f \"$(command -v swift)\""]).trimmingCharacters(in: .whitespacesAndNewlines)
        return swift.isEmpty ? "/opt/swift" : URL(fileURLWithPath: swift).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    @Test("it is reel_VERSION_ARCH.deb, its control names libmpv2, and it holds the binary, man page and completions")
    func contents() throws {
        let package = try Self.package()
        let arch = try Subprocess.run("/usr/bin/dpkg", ["--print-architecture"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let name = URL(fileURLWithPath: package.deb).lastPathComponent
        #expect(name.hasPrefix("reel_") && name.hasSuffix("_\(arch).deb"), "\(name)")
        let info = try Subprocess.run("/usr/bin/dpkg-deb", ["--info", package.deb])
        let depends = info.split(separator: "\n").first { $0.hasPrefix(" Depends:") } ?? ""
        #expect(depends.contains("libmpv2"), "\(info)")
        #expect(!depends.contains("-dev"), "a runtime dependency, not a -dev package")
        for path in ["/usr/bin/reel", "/usr/share/man/man1/reel.1.gz", "/usr/share/bash-completion/completions/reel",
                     "/usr/share/zsh/vendor-completions/_reel", "/usr/share/fish/vendor_completions.d/reel.fish",
                     "/usr/share/applications/reel.desktop", "/usr/share/doc/reel/copyright", "/usr/share/doc/reel/changelog.gz"] {
            #expect(FileManager.default.fileExists(atPath: package.root + path), "\(path) missing")
        }
    }

    @Test("lintian finds no error in it (its warnings, if any, are printed for the record)")
    func lintian() throws {
        let package = try Self.package()
        // lintian exits non-zero for errors only; --fail-on error says so.
        let output = try ReleaseBuild.shell("lintian --fail-on error --tag-display-limit 0 '\(package.deb)' 2>/dev/null; echo \"rc=$?\"",
                                            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        let lines = output.split(separator: "\n")
        #expect(lines.last == "rc=0", "lintian:\n\(output)")
        #expect(!lines.contains { $0.hasPrefix("E: ") }, "lintian:\n\(output)")
        for warning in lines where warning.hasPrefix("W: ") { print("lintian \(warning)") }
    }

    @Test("its copyright file is Debian's machine-readable format: GPL-3+, and the embedded Swift runtime's licence")
    func copyright() throws {
        let package = try Self.package()
        let text = (try? String(contentsOfFile: package.root + "/usr/share/doc/reel/copyright", encoding: .utf8)) ?? ""
        #expect(text.hasPrefix("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"))
        #expect(text.contains("\nLicense: GPL-3+\n"))
        #expect(text.contains("License: Apache-2.0 with Runtime Library Exception"))
        #expect(text.contains("libsmbclient"))
        let changelog = try Subprocess.run("/bin/sh", ["-c", "gzip -dc \"$1\"", "sh", package.root + "/usr/share/doc/reel/changelog.gz"])
        #expect(changelog.hasPrefix("reel (") && changelog.contains(") unstable; urgency="), "\(changelog)")
    }

    @Test("its desktop entry is valid by desktop-file-validate")
    func desktopEntry() throws {
        let package = try Self.package()
        let output = try ReleaseBuild.shell("desktop-file-validate '\(package.root)/usr/share/applications/reel.desktop' 2>&1; echo \"rc=$?\"",
                                            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == "rc=0", "\(output)")
    }

    @Test("readelf -d and ldd show that the binary needs no library of the Swift toolchain")
    func noToolchainLibraries() throws {
        let package = try Self.package()
        let binary = package.root + "/usr/bin/reel"
        let dynamic = try Subprocess.run("/usr/bin/readelf", ["-d", binary])
        let needed = dynamic.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(needed.contains { $0.contains("libmpv.so") })
        for line in needed {
            #expect(!["libswift", "libFoundation", "lib_Foundation", "libdispatch", "libBlocksRuntime", "libXCTest"]
                .contains { line.contains($0) }, "needs \(line)")
        }
        let toolchain = try Self.toolchain()
        for line in dynamic.split(separator: "\n") where line.contains("RUNPATH") || line.contains("RPATH") {
            #expect(!line.contains(toolchain) && !line.contains("swift"), "searches the toolchain: \(line)")
        }
        let ldd = try Subprocess.run("/usr/bin/ldd", [binary])
        #expect(ldd.contains("libmpv.so.2 => /"))
        #expect(!ldd.contains("not found"), "\(ldd)")
        #expect(!ldd.contains(toolchain) && !ldd.contains("libswift"), "\(ldd)")
    }

    @Test("the packaged binary prints the libmpv version Debian has installed, and plays a sample in tmux")
    func plays() throws {
        let package = try Self.package()
        let binary = package.root + "/usr/bin/reel"
        let installed = try Subprocess.run("/usr/bin/dpkg-query", ["-W", "-f", "${Version}", "libmpv2"])
        let upstream = installed.split(separator: "-").first.map(String.init) ?? installed
        #expect(try Subprocess.run(binary, ["--version"]).contains("libmpv \(upstream), client API 2."))
        let tmux = try TmuxSession([binary, "--no-audio", "--hide-delay=30", Paths.sample("long.mp4")])
        let first = try tmux.waitForScreen { $0.contains("Long clip for seeking") && PlayerEndToEndTests.times(in: $0) != nil }
        let start = try #require(PlayerEndToEndTests.times(in: first))
        try tmux.waitForScreen { screen in
            PlayerEndToEndTests.times(in: screen).map { PlayerEndToEndTests.seconds($0.0) >= PlayerEndToEndTests.seconds(start.0) + 2 } ?? false
        }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        try tmux.expectTerminalRestored()
    }
}
