import Glibc
import Playback
import System
import Testing

/// The scrub preview's second mpv, against the real libmpv and the clips in samples/.
@Suite("Preview decoder", .serialized)
struct PreviewDecoderTests {
    /// Polls `decoder` until it has an outcome or `seconds` pass.
    static func outcome(_ decoder: PreviewDecoder, within seconds: Double = 5) -> PreviewDecoder.Outcome? {
        let deadline = MonotonicClock.now() + seconds
        while MonotonicClock.now() < deadline {
            var descriptor = pollfd(fd: decoder.wakeDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 50)
            if let first = decoder.poll().first { return first }
        }
        return nil
    }

    /// The frame for `time`, or a recorded issue.
    static func frame(_ decoder: PreviewDecoder, at time: Double) -> PreviewDecoder.Frame? {
        decoder.request(time)
        guard case .frame(let frame)? = outcome(decoder) else { Issue.record("no frame for \(time)"); return nil }
        return frame
    }

    @Test("each request gets the frame of the keyframe at or before it, at the card's size",
          arguments: [(1.3, (230, 0, 0)), (5.2, (0, 0, 230)), (9.1, (230, 230, 0)), (2.6, (0, 230, 0))])
    func keyframes(time: Double, colour: (Int, Int, Int)) throws {
        let decoder = try PreviewDecoder(source: .file(PlayerDriver.sample("segments.mp4")), width: 32, height: 18, pixelAspect: 1)
        guard let frame = Self.frame(decoder, at: time) else { return }
        #expect(frame.requested == time)
        // segments.mp4 has a keyframe every 0.5 s.
        #expect(frame.keyframe <= time + 0.01 && frame.keyframe > time - 0.55, "keyframe \(frame.keyframe) for \(time)")
        #expect(frame.still.width == 32 && frame.still.height == 18)
        let centre = MediaProbeTests.centre(frame.still)
        #expect(MediaProbeTests.isClose(centre, to: colour), "centre \(centre) at \(time)")
        #expect(!decoder.isBusy)
    }

    /// film.mkv (16:9) in a sextant card of 100x30 cells' samples, 400x240: mpv would start its
    /// 225 rows at row 7, inside a cell; placed as the main picture is, 224 rows from row 8.
    @Test("a sextant card's picture is placed on whole cells, as the main picture is")
    func onCells() throws {
        let decoder = try PreviewDecoder(source: .file(PlayerDriver.sample("film.mkv")), width: 400, height: 240, pixelAspect: 1,
                                         pictureGrain: PictureGrain(across: 2, down: 8))
        guard let frame = Self.frame(decoder, at: 8) else { return }
        func lit(row y: Int) -> Int {
            (0..<400).filter { x in
                let i = (y * 400 + x) * 3
                return Int(frame.still.rgb[i]) + Int(frame.still.rgb[i + 1]) + Int(frame.still.rgb[i + 2]) > 30
            }.count
        }
        for y in [0, 7, 232, 239] { #expect(lit(row: y) == 0, "row \(y) is a bar") }
        for y in [8, 231] { #expect(lit(row: y) > 200, "row \(y) is picture") }
    }

    @Test("a new card size keeps the core: the next frames come at the new size, of the right time")
    func resize() throws {
        let decoder = try PreviewDecoder(source: .file(PlayerDriver.sample("segments.mp4")), width: 32, height: 18, pixelAspect: 1)
        guard let first = Self.frame(decoder, at: 1.3) else { return }
        #expect(first.still.width == 32 && first.still.height == 18)
        decoder.resize(width: 48, height: 27)
        #expect(decoder.size == (48, 27))
        guard let second = Self.frame(decoder, at: 5.2) else { return }
        #expect(second.still.width == 48 && second.still.height == 27)
        #expect(MediaProbeTests.isClose(MediaProbeTests.centre(second.still), to: (0, 0, 230)))
        // A request in flight when the size changes is asked again, and answered at the new size.
        decoder.request(9.1)
        decoder.resize(width: 40, height: 22)
        guard case .frame(let third)? = Self.outcome(decoder) else { Issue.record("no frame after the resize"); return }
        #expect(third.requested == 9.1 && third.still.width == 40 && third.still.height == 22)
        #expect(MediaProbeTests.isClose(MediaProbeTests.centre(third.still), to: (230, 230, 0)))
    }

    @Test("requests one after another on one core each land where asked")
    func severalRequests() throws {
        let decoder = try PreviewDecoder(source: .file(PlayerDriver.sample("segments.mp4")), width: 16, height: 9, pixelAspect: 1)
        let red = Self.frame(decoder, at: 0.7), blue = Self.frame(decoder, at: 4.9), again = Self.frame(decoder, at: 0.7)
        #expect(red.map { MediaProbeTests.isClose(MediaProbeTests.centre($0.still), to: (230, 0, 0)) } == true)
        #expect(blue.map { MediaProbeTests.isClose(MediaProbeTests.centre($0.still), to: (0, 0, 230)) } == true)
        #expect(again?.keyframe == red?.keyframe)
    }

    @Test("back-to-back requests each get their own frame, never the one before (mpv draws a frame again 0.1 s later)")
    func noStaleFrames() throws {
        let decoder = try PreviewDecoder(source: .file(PlayerDriver.sample("segments.mp4")), width: 16, height: 9, pixelAspect: 1)
        let colours: [(Double, (Int, Int, Int))] = [(0.7, (230, 0, 0)), (2.7, (0, 230, 0)), (4.7, (0, 0, 230)), (6.7, (230, 230, 230)),
                                                    (8.7, (230, 230, 0)), (0.2, (230, 0, 0)), (4.2, (0, 0, 230)), (2.2, (0, 230, 0))]
        for _ in 0..<2 {
            for (time, colour) in colours {
                guard let frame = Self.frame(decoder, at: time) else { continue }
                let centre = MediaProbeTests.centre(frame.still)
                #expect(MediaProbeTests.isClose(centre, to: colour), "centre \(centre) at \(time)")
            }
        }
    }

    @Test("a file that cannot be opened says so, and its requests fail")
    func unavailable() throws {
        let decoder = try PreviewDecoder(source: .file("/nonexistent/preview.mkv"), width: 16, height: 9, pixelAspect: 1)
        decoder.request(3)
        var outcomes: [PreviewDecoder.Outcome] = []
        let deadline = MonotonicClock.now() + 5
        while MonotonicClock.now() < deadline, !outcomes.contains(where: { if case .unavailable = $0 { true } else { false } }) {
            var descriptor = pollfd(fd: decoder.wakeDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 50)
            outcomes += decoder.poll()
        }
        #expect(outcomes.contains { if case .unavailable(let reason) = $0 { reason.contains("No such file") } else { false } },
                "\(outcomes)")
        #expect(!decoder.isBusy)
    }

    @Test("standard input and web pages have no preview; files and http(s) do")
    func whatCanPreview() {
        #expect(PreviewDecoder.canPreview(.file("a.mkv"), usesYtdl: false))
        #expect(PreviewDecoder.canPreview(.url("https://host/x.m3u8"), usesYtdl: false))
        #expect(!PreviewDecoder.canPreview(.url("https://youtube.com/watch?v=x"), usesYtdl: true))
        #expect(!PreviewDecoder.canPreview(.standardInput, usesYtdl: false))
        #expect(!PreviewDecoder.canPreview(.url("rtmp://host/live"), usesYtdl: false))
    }

    @Test("an idle preview core uses no CPU")
    func idleCostsNothing() throws {
        let before = Self.threadIDs()
        let decoder = try PreviewDecoder(source: .file(PlayerDriver.sample("long.mp4")), width: 48, height: 27, pixelAspect: 1)
        _ = Self.frame(decoder, at: 60)
        // The preview core's threads: those that came with it (and any that a test running
        // beside this one started meanwhile: their bursts are why the quietest of three seconds
        // counts; a core that does work while idle uses ticks in every one of them).
        let threads = Self.threadIDs().subtracting(before)
        #expect(!threads.isEmpty)
        var quietest = Int.max
        for _ in 0..<3 where quietest > 0 {
            let start = Self.cpuTicks(threads)
            let began = MonotonicClock.now()
            while MonotonicClock.now() - began < 1 {
                var descriptor = pollfd(fd: decoder.wakeDescriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, 100)
                _ = decoder.poll()
            }
            quietest = min(quietest, Self.cpuTicks(threads) - start)
        }
        // Clock ticks (1/100 s) over one idle second; a sanitizer's runtime adds a little of its own.
        let allowed = getenv("REEL_SANITIZER") == nil ? 1 : 2
        #expect(quietest <= allowed, "\(quietest) ticks in the quietest idle second")
        withExtendedLifetime(decoder) {}
    }

    /// This process's threads.
    static func threadIDs() -> Set<String> {
        guard let directory = opendir("/proc/self/task") else { return [] }
        defer { closedir(directory) }
        var ids = Set<String>()
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.first?.isNumber == true { ids.insert(name) }
        }
        return ids
    }

    /// User and system clock ticks of `threads` (from /proc/self/task/N/stat, fields 14 and 15).
    static func cpuTicks(_ threads: Set<String>) -> Int {
        threads.reduce(0) { total, id in
            guard let file = fopen("/proc/self/task/\(id)/stat", "r") else { return total }
            defer { fclose(file) }
            var buffer = [CChar](repeating: 0, count: 1024)
            guard fgets(&buffer, 1024, file) != nil else { return total }
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // After the name in parentheses: state is field 3, utime 14, stime 15.
            guard let close = line.lastIndex(of: ")") else { return total }
            let fields = line[line.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return total }
            return total + user + system
        }
    }
}
