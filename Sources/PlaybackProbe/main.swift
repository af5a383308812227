// playback-probe: measurements of the playback core in a process of its own, for tests and
// scripts/bench, where a shared test process would blur memory and timing figures.
//
//   PlaybackProbe cycles N FILE     create/load/destroy N players; print RSS, fds and threads
import Foundation
import Glibc
import Playback
import System

func residentKiB() -> Int {
    let descriptor = open("/proc/self/statm", O_RDONLY)
    guard descriptor >= 0 else { return -1 }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 256)
    let count = read(descriptor, &bytes, bytes.count)
    let fields = String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self).split(separator: " ")
    return (fields.count > 1 ? Int(fields[1]) ?? 0 : 0) * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

func entries(_ path: String) -> Int {
    guard let directory = opendir(path) else { return -1 }
    defer { closedir(directory) }
    var count = -2 // . and ..
    while readdir(directory) != nil { count += 1 }
    return count
}

/// Loads `file` in a fresh player, plays a few frames, and drops the player.
func cycle(_ file: FilePath) throws {
    var configuration = PlayerConfiguration()
    configuration.extraOptions["ao"] = "null"
    let player = try MpvPlayer(configuration: configuration)
    let frame = FrameBuffer(width: 64, height: 36)
    try player.load(file)
    var frames = 0
    let deadline = monotonic() + 5
    while frames < 5, monotonic() < deadline {
        var descriptor = pollfd(fd: player.wakeupDescriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, 50)
        for case .endFile(.error(let error)) in player.drainEvents() { throw error }
        if player.frameIsDue() { try player.render(into: frame); frames += 1 }
    }
}

func monotonic() -> Double { MonotonicClock.now() }

/// The names of the process's threads, for a report that shows which one stayed.
func threadNames() -> String {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.sorted().map { task in
        let name = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? "?"
        return name.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: " ", with: "_")
    }.joined(separator: ",")
}

func report(_ label: String) {
    print("\(label) rss_kib=\(residentKiB()) fds=\(entries("/proc/self/fd")) threads=\(entries("/proc/self/task"))"
        + " names=\(threadNames())")
}

func printError(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

let arguments = CommandLine.arguments
guard arguments.count == 4, arguments[1] == "cycles", let count = Int(arguments[2]) else {
    printError("usage: PlaybackProbe cycles N FILE")
    exit(2)
}
do {
    for _ in 0..<10 { try cycle(FilePath(arguments[3])) }
    report("before")
    let threadsBefore = entries("/proc/self/task")
    for _ in 0..<count { try cycle(FilePath(arguments[3])) }
    // A thread that is still on its way out (a worker finishing, on a loaded machine) is not a
    // leak: give the count up to 3 s to settle before the figures are taken.
    let settle = monotonic() + 3
    while entries("/proc/self/task") > threadsBefore, monotonic() < settle { usleep(20_000) }
    report("after")
} catch {
    printError("PlaybackProbe: \(error)")
    exit(1)
}
