import Testing
@testable import Playback

@Suite("Decoder shortcuts")
struct DecoderShortcutsTests {
    @Test("a source at least twice the picture each way skips the loop filter; a smaller one decodes exactly",
          arguments: [
              (1920, 1080, 240, 134, true), (3840, 2160, 900, 506, true), (1920, 1080, 900, 540, true),
              (1920, 1080, 1000, 540, false), (640, 360, 240, 134, true), (640, 360, 400, 226, false),
              (160, 90, 240, 134, false),
          ])
    func rule(sourceWidth: Int, sourceHeight: Int, pictureWidth: Int, pictureHeight: Int, shortcuts: Bool) {
        let options = DecoderShortcuts.options(source: (sourceWidth, sourceHeight), picture: (pictureWidth, pictureHeight))
        #expect(options.map(\.0) == (shortcuts ? ["vd-lavc-skiploopfilter", "vd-lavc-fast"] : []))
    }

    @Test("an unknown source size or an empty picture changes nothing")
    func unknown() {
        #expect(DecoderShortcuts.options(source: nil, picture: (240, 134)).isEmpty)
        #expect(DecoderShortcuts.options(source: (1920, 1080), picture: (0, 0)).isEmpty)
    }
}
