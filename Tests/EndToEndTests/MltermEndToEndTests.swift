import Foundation
import Testing

/// reel in mlterm under Xvfb, read as a person reads it: screenshots through tesseract.
///
/// mlterm draws sixel and iTerm2's inline images over the cells, painting a sixel's transparent
/// pixels in the background colour: the controls' text must be written after the picture, or
/// the picture erases it. Skipped where Xvfb, mlterm, xdotool, ImageMagick or tesseract are
/// missing; `scripts/setup` installs them.
@Suite("mlterm end to end", .serialized, .enabled(if: XTerminal.mltermAvailable && ScreenText.available))
struct MltermEndToEndTests {
    /// The sample (photographs: no text in its picture) and its title's words as the controls show it.
    static let sample = "film.mkv", title = ["Film", "sample"]

    /// reel's arguments for `graphics`, playing the sample with the controls kept up.
    static func arguments(_ graphics: String) -> [String] {
        ["--no-audio", "--no-resume", "--stats", "--graphics=\(graphics)", "--hide-delay=600", "--start=5", Paths.sample(sample)]
    }

    @Test("sixel and iterm2: the title, a skip button's 10 and the time read over the picture, playing and paused", arguments: ["sixel", "iterm2"])
    func controlsRead(graphics: String) throws {
        let terminal = try XTerminal(.mlterm, [Paths.reel] + Self.arguments(graphics), width: 100, height: 30)
        try terminal.expectControlsReadThenQuit(title: Self.title, graphics: graphics)
    }

    @Test("iterm2 through tmux's passthrough: the controls read over the picture, playing and paused",
          arguments: TmuxInTerminal.Build.both)
    func iterm2InTmux(build: TmuxInTerminal.Build) throws {
        let tmux = try TmuxInTerminal(.mlterm, build, reelArguments: Self.arguments("iterm2"), width: 100, height: 30, split: 20)
        tmux.start()
        try tmux.terminal.expectControlsRead(title: Self.title) { try tmux.press("Space") }
        _ = try tmux.tmux(["send-keys", "-t", tmux.reelPane, "q"])  // (reel quits: nothing is handled after it)
        #expect(tmux.waitForReelExit() == 0)
        #expect(tmux.reelStandardError.contains("graphics iterm2 via tmux passthrough"), "\(tmux.reelStandardError)")
    }

    /// Where the picture is checked: on mlterm itself, or in a tmux (the build) inside it.
    enum Place: CustomStringConvertible, Sendable {
        case direct
        case tmux(TmuxInTerminal.Build)
        var description: String {
            switch self {
            case .direct: "mlterm"
            case .tmux(let build): "\(build) in mlterm"
            }
        }
    }

    @Test("iterm2: the picture, paused with the controls hidden, is the source frame (PSNR)",
          arguments: [Place.direct, .tmux(.system), .tmux(.backports)])
    func iterm2Picture(place: Place) throws {
        let arguments = ["--no-audio", "--no-resume", "--stats", "--graphics=iterm2", "--reduce-motion", "--pause", "--start=5", "--sid=no",
                         Paths.sample(Self.sample)]
        let terminal: XTerminal
        var tmux: TmuxInTerminal?
        switch place {
        case .direct:
            terminal = try XTerminal(.mlterm, [Paths.reel] + arguments, width: 100, height: 30)
        case .tmux(let build):
            tmux = try TmuxInTerminal(.mlterm, build, reelArguments: arguments, width: 100, height: 30, split: 20)
            tmux?.start()
            terminal = try #require(tmux?.terminal)
        }
        try #require(terminal.waitForTrace(" frame ") != nil, "no frame:\n\(terminal.trace)")
        _ = try terminal.waitForStillScreen()
        let mark = terminal.reelTrace.mark
        if let tmux {
            _ = try tmux.tmux(["send-keys", "-t", tmux.reelPane, "c"])
        } else {
            try terminal.press("c")
        }
        // The picture without the controls is a new image: encoded, sent, and answered (DA1) once
        // the terminal has read it, which may take longer than the screen stays still; the key is
        // handled once drawn, or before it when the terminal had yet to answer the frame before.
        let handled = try #require(terminal.reelTrace.waitForHandledInput(after: mark, event: "character(\"c\")"),
                                   "c was not handled:\n\(terminal.trace)")
        let draw = terminal.reelTrace.waitFor(" draw ", after: handled, timeout: 3) ?? handled
        _ = terminal.reelTrace.waitFor("deviceAttributes", after: draw)
        let shot = try terminal.waitForStillScreen()
        // (In tmux, reel's pane only: the status line and the pane beside it are not the picture.)
        let pane = try tmux.map { try $0.rect(of: $0.reelPane) }.map { ($0.x, $0.y, $0.width, $0.height) }
        let psnr = try #require(try shot.psnr(against: Paths.sample(Self.sample), at: 5, in: pane, folder: terminal.directory))
        // Measured: 46.5 dB on mlterm itself, 47.9 dB through tmux 3.3a (a PNG: only the scalers differ).
        #expect(psnr >= 40, "the picture at \(psnr) dB (box \(String(describing: shot.pictureBox(in: pane))))")
    }
}
