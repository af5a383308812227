import Foundation
import Testing

/// Test support: the release build that is installed and packaged (scripts/build-release, which
/// scripts/test runs before the tests), and the repository's scripts.
///
/// The install and package tests reuse that one build rather than each making its own: an
/// optimised build with the Swift runtime linked in takes minutes on a small machine. Without it
/// they are skipped, saying why.
enum ReleaseBuild {
    /// The repository's root.
    static var root: String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }

    /// The binary scripts/build-release makes.
    static var binary: String { root + "/.build/static/release/reel" }

    /// Whether it has been built.
    static var exists: Bool { FileManager.default.isExecutableFile(atPath: binary) }

    /// Why the tests that need it are skipped without it.
    static let missing: Comment = "no release build at .build/static/release/reel: run scripts/build-release (scripts/test does)"

    /// Runs a script of the repository with `environment` added; its standard output.
    @discardableResult
    static func script(_ name: String, _ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return try Subprocess.run("/usr/bin/env", assignments + [root + "/scripts/" + name] + arguments)
    }

    /// Runs a shell command line with `environment` as the whole environment; its standard
    /// output and standard error together.
    static func shell(_ command: String, environment: [String: String]) throws -> String {
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        // Grouped, so that standard error joins the output for every command of the line, not only the last.
        return try Subprocess.run("/usr/bin/env", ["-i"] + assignments + ["/bin/sh", "-c", "{ " + command + "\n} 2>&1"])
    }

    /// A new empty folder under /tmp.
    static func temporaryFolder(_ label: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("reel-\(label)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
