@testable import Drawing
import Testing
@testable import Graphics
@testable import Terminal
import TestTerminal

/// The renderer's side of the picture in a tmux pane: the bytes that hide it, and its drawing again.
@Suite("FrameRenderer in a tmux pane: hiding the picture and drawing it again")
struct FrameRendererPaneTests {
    static let cell = PixelSize(width: 3, height: 6)

    /// A 4 × 2 canvas whose top row is a picture of `color`.
    func canvas(_ color: RGB) -> Canvas {
        var canvas = Canvas(width: 4, height: 3)
        FrameEncoder(blitter: .pixels(width: 3, height: 6))
            .encode(PixelBuffer(width: 12, height: 12, fill: color), into: &canvas, at: Rect(x: 0, y: 0, width: 4, height: 2))
        return canvas
    }

    /// `renderer`'s bytes for `canvas` at `now`.
    func frame(_ renderer: inout FrameRenderer, _ canvas: Canvas, now: Double) -> [UInt8] {
        var out: [UInt8] = []
        renderer.render(canvas, now: now, into: &out)
        return out
    }

    @Test("kitty: hiding gives the plain deletes of every image placed, sends no image until shown, then sends it anew")
    func kitty() {
        var renderer = FrameRenderer(graphics: .kitty(transport: .direct, cell: Self.cell))
        _ = frame(&renderer, canvas(.white), now: 0)
        _ = frame(&renderer, canvas(.black), now: 1)
        renderer.receive(.kittyGraphics(image: 2, placement: 1, message: "OK"))
        // Image 1's delete went with frame 2: tmux drops that passthrough when the pane is already
        // hidden, so it is written again with the hide.
        #expect(kittyCommands(renderer.pictureDeletes).map(\.keys) == ["a=d,d=I,i=1,q=2", "a=d,d=I,i=2,q=2"],
                "image 1 was replaced by 2")
        let deletes = renderer.hidePictures()
        #expect(kittyCommands(deletes).map(\.keys) == ["a=d,d=I,i=1,q=2", "a=d,d=I,i=2,q=2"])
        #expect(!show(deletes).contains("⎋P"), "not wrapped for tmux: written to the client's terminal itself")
        #expect(renderer.picturesHidden && !renderer.isAwaitingTerminal(now: 1.1))
        let hidden = frame(&renderer, canvas(.white), now: 2)
        #expect(kittyCommands(hidden).isEmpty, "no image, no delete while hidden: \(show(hidden))")
        #expect(show(hidden).contains("⎋[2J"), "the cells are all written again")
        #expect(renderer.pictureDeletes == deletes, "still to be deleted once the pane shows again")
        renderer.showPictures()
        let shown = frame(&renderer, canvas(.white), now: 3)
        #expect(kittyCommands(shown).map { String($0.keys.prefix(14)) } == ["a=d,d=I,i=2,q=", "a=T,f=24,s=12,"],
                "the hidden image deleted once more (one late through tmux would stay), then drawn again")
        #expect(show(shown).contains("⎋[2J"))
        #expect(kittyCommands(renderer.pictureDeletes).map(\.keys) == ["a=d,d=I,i=1,q=2", "a=d,d=I,i=2,q=2", "a=d,d=I,i=3,q=2"],
                "the new image, and those deleted lately")
    }

    @Test("the deletes name the last four images deleted besides those placed: any of them may be in a passthrough tmux dropped")
    func recentDeletes() {
        var renderer = FrameRenderer(graphics: .kitty(transport: .sharedMemory, cell: Self.cell, route: .tmuxPassthrough))
        for (index, color) in [RGB.white, .black, .white, .black, .white, .black, .white].enumerated() {
            _ = frame(&renderer, canvas(color), now: Double(index))
            renderer.receive(.kittyGraphics(image: index + 1, placement: 1, message: "OK"))
        }
        #expect(kittyCommands(renderer.hidePictures()).map(\.keys) == (3...7).map { "a=d,d=I,i=\($0),q=2" })
        renderer.graphics?.releaseSharedMemory()
    }

    @Test("an image still to be deleted (the screen was cleared under it) is among the deletes")
    func staleImages() {
        var renderer = FrameRenderer(graphics: .kitty(transport: .direct, cell: Self.cell))
        _ = frame(&renderer, canvas(.white), now: 0)
        renderer.invalidate()
        #expect(kittyCommands(renderer.hidePictures()).map(\.keys) == ["a=d,d=I,i=1,q=2"])
    }

    @Test("sixel: hiding needs no bytes (tmux's cells erase it), sends no image until shown, then sends it anew")
    func sixel() {
        var renderer = FrameRenderer(graphics: .sixel(colors: 16, maxSize: nil, cell: Self.cell))
        #expect(show(frame(&renderer, canvas(.white), now: 0)).contains("⎋P"))
        renderer.receive(.deviceAttributes([]))
        #expect(renderer.hidePictures().isEmpty && renderer.pictureDeletes.isEmpty)
        #expect(!show(frame(&renderer, canvas(.white), now: 1)).contains("⎋P"), "no sixel while hidden")
        renderer.showPictures()
        #expect(show(frame(&renderer, canvas(.white), now: 2)).contains("⎋P"), "sent anew")
    }

    @Test("in blocks there are no pictures to hide, and none to place: the pane's origin stays the terminal's corner")
    func blocks() {
        var renderer = FrameRenderer()
        #expect(renderer.hidePictures().isEmpty)
        renderer.showPictures()
        #expect(!renderer.picturesHidden && renderer.paneOrigin == .zero)
        renderer.paneOrigin = CellOrigin(column: 51, row: 1)
        #expect(renderer.paneOrigin == .zero)
    }
}
