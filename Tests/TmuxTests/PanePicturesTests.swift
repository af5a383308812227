@testable import Tmux
import Drawing
import System
import Graphics
@testable import Terminal
import Testing

/// What the loop does with tmux's answers: the renderer's pictures hidden, drawn again and moved,
/// and the deletes written to the clients' terminals.
@Suite("PanePictures: the engine's actions carried out on the renderer")
struct PanePicturesTests {
    final class Written: @unchecked Sendable { var writes: [(bytes: [UInt8], terminal: String)] = [] }

    /// tmux's answer with the window `active` or not, for a pane at column 51 and one client.
    static func answer(active: Bool) -> [UInt8] {
        Array("P\t@0\t1\t0\t0\t51\t0\t49\t29\nC\t0\t100\t30\t@\(active ? 0 : 1)\ton\tbottom\t0\t/dev/pts/9\t\t\n".utf8)
    }

    /// Follows `pane` until an answer changes the picture; false when none does within 20 s.
    func change(_ pane: PanePictures, _ renderer: inout FrameRenderer) -> Bool {
        let deadline = MonotonicClock.now() + 20
        while MonotonicClock.now() < deadline {
            var entries = [PollEntry(pane.wakeDescriptor, events: .readable)]
            _ = try? Poll.wait(&entries, timeout: 1)
            if pane.follow(&renderer, now: MonotonicClock.now()) { return true }
        }
        return false
    }

    @Test("no picture before tmux answers; drawn at the pane's origin; hidden with its deletes written to the client's terminal, and written again at the engine's deadlines")
    func follow() throws {
        // The fake tmux answers what the test gives it, once; no answer (a failure) meanwhile.
        let answers = Locked<[[UInt8]]>([])
        let watcher = PaneWatcher.start(environment: ["TMUX": "/tmp/none,1,0", "TMUX_PANE": "%0"],
                                        ask: { _ in answers.withLock { $0.isEmpty ? nil : $0.removeFirst() } })
        watcher?.setInterval(0.01)
        let written = Written()
        var renderer = FrameRenderer(graphics: .kitty(transport: .direct, cell: PixelSize(width: 3, height: 6)))
        let pane = try #require(PanePictures(watcher: watcher, renderer: &renderer) { written.writes.append(($0, $1)) })
        defer { pane.stop() }
        #expect(renderer.picturesHidden)
        var canvas = Canvas(width: 4, height: 3)
        FrameEncoder(blitter: .pixels(width: 3, height: 6))
            .encode(PixelBuffer(width: 12, height: 12, fill: .white), into: &canvas, at: Rect(x: 0, y: 0, width: 4, height: 2))

        answers.withLock { $0.append(Self.answer(active: true)) }
        #expect(change(pane, &renderer))
        #expect(!renderer.picturesHidden && renderer.paneOrigin == CellOrigin(column: 51, row: 0))
        var out: [UInt8] = []
        renderer.render(canvas, now: 0, into: &out)
        #expect(renderer.graphics?.imagesSent == 1 && written.writes.isEmpty)

        answers.withLock { $0.append(Self.answer(active: false)) }
        #expect(change(pane, &renderer))
        #expect(renderer.picturesHidden)
        #expect(written.writes.map(\.terminal) == ["/dev/pts/9"])
        #expect(written.writes.first.map { String(decoding: $0.bytes, as: UTF8.self) } == "\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\")

        // The delete goes again at each of the engine's deadlines, for a frame tmux delivered late.
        for count in 2...3 {
            let due = try #require(pane.nextDeadline, "a deadline for delete \(count)")
            #expect(!pane.follow(&renderer, now: due - 0.001) && written.writes.count == count - 1)
            #expect(!pane.follow(&renderer, now: due))
            #expect(written.writes.count == count && written.writes.last?.bytes == written.writes.first?.bytes
                    && written.writes.last?.terminal == "/dev/pts/9")
        }
        #expect(pane.nextDeadline == nil)
    }

    @Test("without a watcher (outside tmux) there is nothing to follow and the pictures are not held back")
    func outside() {
        var renderer = FrameRenderer(graphics: .kitty(transport: .direct, cell: PixelSize(width: 3, height: 6)))
        #expect(PanePictures(watcher: nil, renderer: &renderer) == nil)
        #expect(!renderer.picturesHidden)
    }
}
