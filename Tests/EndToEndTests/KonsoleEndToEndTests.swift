import Foundation
import Testing

/// reel in Konsole under Xvfb, read as a person reads it: screenshots through tesseract.
///
/// Konsole (22.12) draws a sixel image over the text, opaque, holes and all, and keeps it until
/// the screen is cleared; it makes an image as tall as its last band of six pixel rows, so an
/// image a few pixels into the row below erases that row's text and, on the last row, scrolls the
/// screen. The controls read there only when the picture leaves their cells uncovered. Skipped
/// where Xvfb, Konsole, dbus-run-session, xdotool, ImageMagick or tesseract are missing;
/// `scripts/setup` installs them.
@Suite("Konsole end to end", .serialized, .enabled(if: XTerminal.konsoleAvailable && ScreenText.available))
struct KonsoleEndToEndTests {
    /// The sample (photographs: no text in its picture) and its title's words as the controls show it.
    static let sample = "film.mkv", title = ["Film", "sample"]

    @Test("sixel: the title, a skip button's 10 and the time read over the picture, playing and paused")
    func sixelControlsRead() throws {
        let arguments = ["--no-audio", "--no-resume", "--stats", "--graphics=sixel", "--hide-delay=600", "--start=5", Paths.sample(Self.sample)]
        let terminal = try XTerminal(.konsole, [Paths.reel] + arguments, width: 100, height: 30)
        try terminal.expectControlsReadThenQuit(title: Self.title, graphics: "sixel")
    }
}
