@testable import Options
import Foundation
import Glibc
import Playback
import System
import Testing

/// `--log-file`'s rules: a file, never a terminal or a device, and never a file that is not a log.
@Suite("The log file's check")
struct LogFileCheckTests {
    typealias Kind = LogFileCheck.Kind

    static let null = UInt64(0x103)

    @Test("what a log may be, and why not", arguments: [
        (Kind(file: .characterDevice, device: 0x8800, isTerminal: true, nullDevice: null, size: 0), "it is a terminal; the log must be a file"),
        (Kind(file: .characterDevice, device: 0x105, isTerminal: false, nullDevice: null, size: 0), "it is a device; the log must be a file"),
        (Kind(file: .characterDevice, device: 0x103, isTerminal: false, nullDevice: null, size: 0), nil),
        (Kind(file: .characterDevice, device: 0x103, isTerminal: false, nullDevice: nil, size: 0), "it is a device; the log must be a file"),
        (Kind(file: .regular, device: 0, isTerminal: false, nullDevice: null, size: 0), nil),
        (Kind(file: .fifo, device: 0, isTerminal: false, nullDevice: null, size: 0), nil),
    ] as [(Kind, String?)])
    func kinds(kind: Kind, refusal: String?) {
        #expect(kind.refusal(firstLine: { nil }) == refusal)
    }

    @Test("an existing file is appended to only when its first line is reel's log header", arguments: [
        ("# reel log · pid 42", true),
        ("# reel log", true),
        ("root:x:0:0:root:/root:/bin/bash", false),
        ("", false),
        (nil, false),
    ] as [(String?, Bool)])
    func existingFiles(firstLine: String?, taken: Bool) {
        let kind = Kind(file: .regular, device: 0, isTerminal: false, nullDevice: Self.null, size: 100)
        #expect((kind.refusal(firstLine: { firstLine }) == nil) == taken)
    }

    @Test("the check on real files: /dev/null, a new file, a log reel wrote, a file that is not one, a missing folder")
    func realFiles() throws {
        let folder = NSTemporaryDirectory() + "reel-logcheck-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(LogFileCheck.problem(with: "/dev/null") == nil)
        #expect(LogFileCheck.problem(with: FilePath(folder + "/new.log")) == nil)
        #expect(FileManager.default.fileExists(atPath: folder + "/new.log"))
        try (LogFileCheck.runLine(processID: 7) + "[cplayer] info: x\n").write(toFile: folder + "/old.log", atomically: true, encoding: .utf8)
        #expect(LogFileCheck.problem(with: FilePath(folder + "/old.log")) == nil)
        try "precious\n".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8)
        #expect(LogFileCheck.problem(with: FilePath(folder + "/notes.txt"))
            == .unwritableLogFile(path: folder + "/notes.txt", reason: "it exists and is not a reel log; give a new file, or one reel wrote"))
        #expect(try String(contentsOfFile: folder + "/notes.txt", encoding: .utf8) == "precious\n")
        #expect(LogFileCheck.problem(with: "/dev/zero")?.description.contains("it is a device") == true)
        #expect(LogFileCheck.problem(with: FilePath(folder + "/no/such.log"))?.description.contains("No such file or directory") == true)
    }
}
