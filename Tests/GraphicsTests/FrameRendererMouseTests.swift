@testable import Drawing
import Testing
@testable import Graphics
@testable import Terminal
import TestTerminal

/// The mouse-tracking mode the frames leave the terminal in: motion reports (1003) while the
/// canvas asks for them, button tracking (1002) the rest of the time, never nothing.
@Suite("Frame renderer: mouse tracking")
struct FrameRendererMouseTests {
    /// A terminal's one tracking mode, as xterm, kitty and tmux keep it: each `?1000h`, `?1002h`
    /// or `?1003h` replaces the mode, and each `l` of them turns reporting off.
    enum Tracking: Equatable {
        case off, press, button, any
    }

    /// The mode after `bytes`, from `mode`.
    static func tracking(after bytes: [UInt8], from mode: Tracking) -> Tracking {
        var mode = mode
        let text = String(decoding: bytes, as: UTF8.self)
        var rest = text[...]
        while let start = rest.firstRange(of: "\u{1B}[?100") {
            let after = rest[start.upperBound...]
            guard after.count >= 2 else { break }
            let digit = after.first!, action = after.dropFirst().first!
            let named: Tracking? = digit == "0" ? .press : digit == "2" ? .button : digit == "3" ? .any : nil
            if let named, action == "h" || action == "l" { mode = action == "h" ? named : .off }
            rest = after.dropFirst(2)
        }
        return mode
    }

    static func frame(_ renderer: inout FrameRenderer, motion: Bool, text: String = "x") -> [UInt8] {
        var canvas = Canvas(width: 4, height: 2)
        canvas.drawText(text, x: 0, y: 0, fg: .white)
        canvas.reportsPointerMotion = motion
        var out: [UInt8] = []
        renderer.render(canvas, now: 0, into: &out)
        return out
    }

    @Test("motion on writes ?1003h, and motion off writes ?1003l then ?1002h, byte for byte, after the frame")
    func bytes() {
        #expect(FrameRenderer.motionOn == Array("\u{1B}[?1003h".utf8))
        #expect(FrameRenderer.motionOff == Array("\u{1B}[?1003l\u{1B}[?1002h".utf8))
        var renderer = FrameRenderer()
        let first = Self.frame(&renderer, motion: false)
        #expect(!show(first).contains("[?100"), "the session starts without motion: nothing to switch")
        let on = Self.frame(&renderer, motion: true)
        #expect(show(on) == "⎋[?2026h⎋[?2026l⎋[?1003h", "no cell changed: only the mode")
        #expect(renderer.lastFrameChanged, "a change of mode alone is sent")
        let off = Self.frame(&renderer, motion: false, text: "y")
        #expect(show(off).hasSuffix("⎋[?2026l⎋[?1003l⎋[?1002h"), "after the synchronized update: \(show(off))")
        #expect(!show(Self.frame(&renderer, motion: false, text: "y")).contains("[?100"))
        #expect(!renderer.lastFrameChanged)
    }

    @Test("after invalidate the next frame says the mode again, on or off", arguments: [false, true])
    func invalidated(motion: Bool) {
        var renderer = FrameRenderer()
        _ = Self.frame(&renderer, motion: motion)
        renderer.invalidate()
        let again = Self.frame(&renderer, motion: motion)
        #expect(show(again).hasSuffix(motion ? "⎋[?2026l⎋[?1003h" : "⎋[?2026l⎋[?1003l⎋[?1002h"))
    }

    @Test("through the session's modes and any run of frames, a terminal with one tracking mode keeps reporting clicks")
    func neverOff() {
        var mode = Self.tracking(after: Array(TerminalSession.enterSequence.utf8), from: .off)
        #expect(mode == .button)
        var renderer = FrameRenderer()
        for (step, motion) in [false, true, true, false, true, false, false].enumerated() {
            if step == 5 { renderer.invalidate() }
            mode = Self.tracking(after: Self.frame(&renderer, motion: motion, text: "\(step)"), from: mode)
            #expect(mode == (motion ? .any : .button), "frame \(step)")
        }
        #expect(Self.tracking(after: Array(TerminalSession.restoreSequence.utf8), from: mode) == .off)
        #expect(Self.tracking(after: Array(TerminalSession.restoreSequence.utf8), from: .any) == .off)
    }
}
