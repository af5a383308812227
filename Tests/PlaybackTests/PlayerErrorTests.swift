import Glibc
import Playback
import System
import Testing

/// Files that cannot be played give typed errors with mpv's reason; nothing crashes.
@Suite("MpvPlayer errors", .serialized)
struct PlayerErrorTests {
    private func loadError(_ path: String) throws -> MpvError {
        let driver = try PlayerDriver()
        try driver.player.load(FilePath(path))
        var failure: MpvError?
        try driver.run { _, events in
            for case .endFile(.error(let error)) in events { failure = error }
            return failure != nil
        }
        return try #require(failure, "no error for \(path): \(driver.events)")
    }

    @Test("a missing file is a loading failure naming the cause")
    func missingFile() throws {
        let error = try loadError("/nonexistent/reel-missing.mp4")
        #expect(error.kind == .loadingFailed)
        #expect(error.reason == "loading failed")
        #expect(error.explanation.contains("No such file"), "explanation: \(error.explanation)")
    }

    @Test("a text file with a video name is an unrecognised format")
    func textFile() throws {
        let path = "/tmp/reel-playback-test-\(getpid()).mp4"
        let file = fopen(path, "w")
        fputs(String(repeating: "this is not a video\n", count: 50), file)
        fclose(file)
        defer { unlink(path) }
        let error = try loadError(path)
        #expect(error.kind == .unknownFormat)
        #expect(error.reason == "unrecognized file format")
        #expect(error.explanation == "Failed to recognize file format.")
    }

    @Test("a name that looks like a URL is opened as a local file")
    func urlLookingName() throws {
        let error = try loadError("http://example.invalid/x.mp4")
        #expect(error.kind == .loadingFailed)
        // Opened relative to the working directory, as a file, not fetched over the network.
        #expect(error.explanation.contains("'/"), "explanation: \(error.explanation)")
        #expect(error.explanation.hasSuffix("http://example.invalid/x.mp4': No such file or directory"),
                "explanation: \(error.explanation)")
    }

    @Test("every mpv error code maps to a kind with mpv's words")
    func errorCodes() {
        for code in Int32(-20)...Int32(-1) {
            let error = MpvError(code: code, operation: "test")
            #expect(!error.reason.isEmpty)
            if code >= -20 { #expect(error.kind != .other(code)) }
        }
        #expect(MpvError(code: -99, operation: "x").kind == .other(-99))
    }
}
