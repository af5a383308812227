import Foundation
import System
import Testing

/// reel drawing pixels inside a real tmux whose session a real client shows (a nested tmux client
/// in a second server's pane): the picture is drawn only while reel's pane is shown, and hidden
/// within the poll's time when another window is selected (the trace's `pane draw` and `pane hide`).
@Suite("Pane pictures end to end", .serialized)
struct PanePicturesEndToEndTests {
    /// tmux on `session`'s server.
    func tmux(_ session: TmuxSession, _ arguments: [String]) throws {
        try Subprocess.run("/usr/bin/tmux", ["-L", session.socket, "-f", "/dev/null"] + arguments)
    }

    @Test("no picture before a client shows the pane; drawn at the pane's place; hidden in another window; drawn again on return; q quits")
    func windowSwitch() throws {
        let reel = try TmuxSession([Paths.reel, "--graphics=kitty", "--no-audio", "--no-resume", "--pause", "--start=5",
                                    Paths.sample("segments.mp4")])
        try tmux(reel, ["split-window", "-h", "-b", "-d", "-t", "main", "sleep 100000"])
        try tmux(reel, ["new-window", "-d", "-t", "main:1", "sleep 100000"])
        let trace = reel.trace
        #expect(trace.waitFor(" draw ", timeout: 30) != nil, "reel draws its cells, with no client: \(trace.tail)")
        #expect(trace.indices(of: "pane draw").isEmpty, "no client shows the pane: no picture")
        let client = try TmuxSession(["env", "-u", "TMUX", "/usr/bin/tmux", "-L", reel.socket, "attach", "-t", "main"], wrapped: false)
        // reel's pane is on the right of the split: its picture's origin is that pane's left column.
        let left = try reel.paneVariable("pane_left")
        let drawn = trace.waitFor("pane draw \(left) 0", timeout: 30)
        #expect(drawn != nil, "\(trace.tail)")
        let switched = MonotonicClock.now()
        try tmux(reel, ["select-window", "-t", "main:1"])
        let hidden = trace.waitFor("pane hide", after: drawn ?? 0, timeout: 30)
        #expect(hidden != nil, "\(trace.tail)")
        // The trace's times are the same monotonic clock's: the figure for the record, not a check.
        if let hidden, let time = trace.lines[hidden].split(separator: " ").first.flatMap({ Double($0) }) {
            print("pane pictures: window switch to reel's hide in \(Int((time - switched) * 1000)) ms")
        }
        try tmux(reel, ["select-window", "-t", "main:0"])
        #expect(trace.waitFor("pane draw \(left) 0", after: hidden ?? 0, timeout: 30) != nil, "\(trace.tail)")
        try reel.send("q")
        #expect(reel.waitForExit(timeout: 20) == 0)
        _ = client
    }
}
