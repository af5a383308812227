import Library
import Playback
import Session
import System

/// The screenshots on their way to disk: each frame is asked of mpv without waiting (mpv
/// converts it on its core's thread, and it comes back as an event the session hands over), then
/// scaled, compressed and written on a ``BackgroundJob``, one at a time in the order taken, so
/// that a 4K shot (a second or more of work) never holds the loop. How many may wait, and how
/// long quitting waits for them, is ``ScreenshotQueue``'s call.
public final class ScreenshotJobs {
    /// A frame asked for (nil until mpv hands it back), and what its name is made from.
    struct Shot: Sendable {
        var id: UInt64
        var frame: ScreenshotFrame?
        var source: MediaSource
        var position: Double
    }

    /// What became of a shot.
    public enum Outcome: Sendable {
        case written(FilePath)
        case failed(SystemError)
        /// reel quit before it was written.
        case dropped
    }

    /// Where shots go and what they are called.
    public var writer: ScreenshotWriter
    private var queue: ScreenshotQueue
    /// Shots asked for that wait for their frame, or for the one being written.
    private var kept: [Shot] = []
    private var job: BackgroundJob<Outcome>?
    /// Whether files may still be begun, and what the job writing now made of its shot. A job
    /// holds the lock while it writes, so that closing the gate waits for a file half written
    /// (no temporary file is left behind), and then says whether the shot was saved.
    private let gate = Locked(Gate())
    /// Notices of shots that could not even start, for the next ``collect(now:)``.
    private var unsaid: [String] = []

    struct Gate: Sendable {
        var isClosed = false
        var outcome: Outcome?
    }

    public init(writer: ScreenshotWriter, capacity: Int = ScreenshotQueue.standardCapacity) {
        self.writer = writer
        queue = ScreenshotQueue(capacity: capacity)
    }

    /// The descriptor that wakes the loop when the shot being written is done.
    public var wakeDescriptors: [Int32] { job.map { [$0.wakeDescriptor] } ?? [] }

    /// Asks mpv for the frame showing now (with the subtitles on it when `subtitles`), named for
    /// `source` at `position`, to be written when it comes and its turn does; returns the notice
    /// to show at once, if any ("2 screenshots waiting", or why none was taken).
    public func take(subtitles: Bool, from player: any Player, source: MediaSource, position: Double, now: Double) -> String? {
        // The queue moves on only once mpv has the request.
        var next = queue
        let action = next.event(.requested, now: now)
        if case .refuse(let pending) = action { return "Screenshot not taken: \(Self.waiting(pending))" }
        let id: UInt64
        do {
            id = try player.requestScreenshot(subtitles: subtitles)
        } catch {
            return "Screenshot not taken: \(error)"
        }
        queue = next
        kept.append(Shot(id: id, frame: nil, source: source, position: position))
        if case .keep(let pending) = action { return Self.waiting(pending) }
        return nil
    }

    /// mpv handed back the frame asked for under `id` (or `error`): it is written in its turn;
    /// returns the notice when there is none.
    public func received(id: UInt64, frame: ScreenshotFrame?, error: MpvError?, now: Double) -> String? {
        guard let index = kept.firstIndex(where: { $0.id == id }) else { return nil }
        guard let frame else {
            kept.remove(at: index)
            _ = queue.event(.finished, now: now)
            startNext(now: now)
            return "Screenshot not taken: \(error.map { "\($0)" } ?? "no picture")"
        }
        kept[index].frame = frame
        startNext(now: now)
        return nil
    }

    /// The notices of the shots done since the last call ("Screenshot: ~/Pictures/film-0001.png").
    public func collect(now: Double) -> [String] {
        defer { unsaid.removeAll() }
        guard let outcome = job?.take() else { return unsaid }
        job = nil
        if queue.event(.finished, now: now) == .writeNext { startNext(now: now) }
        return unsaid + (notice(outcome).map { [$0] } ?? [])
    }

    /// Quitting: writes what is pending for at most `patience` seconds (none after a signal),
    /// then begins nothing more; returns the lines for stderr: each shot written or failed
    /// meanwhile (its notice never showed), and how many were not saved. `frames` wakes when mpv
    /// has news, and `receive` hands over the frames it brought (``received(id:frame:error:now:)``)
    /// and returns their notices.
    public func finish(patience: Double, clock: () -> Double, frames: Int32, receive: () -> [String]) -> [String] {
        var lines: [String] = []
        // "Screenshot: …" on the screen is "reel: screenshot: …" on stderr.
        func say(_ notice: String) { lines.append("reel: " + notice.prefix(1).lowercased() + notice.dropFirst()) }
        func record(_ outcome: Outcome) { notice(outcome).map(say) }
        var action = queue.event(.quitting(patience: patience), now: clock())
        while true {
            switch action {
            case .done:
                return lines
            case .stop:
                // A write that ended as the time ran out is saved, not lost.
                let outcome = gate.withLock { gate in
                    gate.isClosed = true
                    return gate.outcome
                }
                if job != nil, let outcome {
                    record(outcome)
                    _ = queue.event(.finished, now: clock())
                }
                if queue.pending > 0 {
                    lines.append("reel: \(queue.pending) screenshot\(queue.pending == 1 ? "" : "s") not saved: "
                                 + "reel quit before \(queue.pending == 1 ? "it was" : "they were") written")
                }
                return lines
            case .writeNext:
                startNext(now: clock())
            default:
                break
            }
            unsaid.forEach(say)
            unsaid.removeAll()
            if let deadline = queue.nextDeadline, case let left = deadline - clock(), left > 0 {
                var entries = [PollEntry(frames, events: .readable)] + (job.map { [PollEntry($0.wakeDescriptor, events: .readable)] } ?? [])
                _ = try? Poll.wait(&entries, timeout: left)
            }
            receive().forEach(say)
            if queue.pending == 0 { return lines }
            if let outcome = job?.take() {
                job = nil
                record(outcome)
                action = queue.event(.finished, now: clock())
            } else {
                action = queue.event(.tick, now: clock())
            }
        }
    }

    /// Starts writing the oldest shot kept once its frame is in; a shot no thread can be had
    /// for fails, and the next one tries.
    private func startNext(now: Double) {
        while job == nil, let first = kept.first, let frame = first.frame {
            kept.removeFirst()
            let shot = first, writer = writer, gate = gate
            gate.withLock { $0.outcome = nil }
            job = BackgroundJob.start {
                if gate.withLock({ $0.isClosed }) { return .dropped }
                let png: [UInt8]
                do throws(SystemError) {
                    png = try ScreenshotWriter.png(frame.still())
                } catch {
                    return .failed(error)
                }
                return gate.withLock { gate in
                    guard !gate.isClosed else { return .dropped }
                    do throws(SystemError) {
                        gate.outcome = .written(try writer.write(png: png, source: shot.source, position: shot.position))
                    } catch {
                        gate.outcome = .failed(error)
                    }
                    return gate.outcome ?? .dropped
                }
            }
            if job == nil {
                unsaid.append("Screenshot not saved: no thread to write it")
                _ = queue.event(.finished, now: now)
            }
        }
    }

    /// The notice for a shot done.
    private func notice(_ outcome: Outcome) -> String? {
        switch outcome {
        case .written(let path): "Screenshot: \(writer.shown(path))"
        case .failed(let error): "Screenshot not saved: \(writer.failure(error))"
        case .dropped: nil
        }
    }

    /// "3 screenshots waiting".
    static func waiting(_ count: Int) -> String {
        "\(count) screenshot\(count == 1 ? "" : "s") waiting"
    }
}
