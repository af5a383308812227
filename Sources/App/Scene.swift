import Commands
import Drawing
import Graphics
import Options
import Terminal
import Screens

/// One thing the app can show: the player, the poster card or the list.
///
/// Every scene reads the run's one ``PlaybackSession``; a scene owns only its screen (a pure
/// value from Screens) and its own background work (probes, stills). The ``AppLoop`` keeps a
/// stack of scenes (the ``Navigator`` says what goes on it) and forwards input, time and drawing
/// to the one on top.
protocol Scene: AnyObject {
    /// Descriptors to wake up for, besides the terminal, signals and the session (workers').
    var wakeDescriptors: [Int32] { get }
    /// The earliest time the scene needs to run again, or nil to sleep until something happens.
    func nextDeadline(at now: Double) -> Double?
    /// Whether the scene has something new to draw at `now` (a frame, a change, an animation).
    func needsDraw(at now: Double) -> Bool
    /// Whether an animation is running, so the loop redraws at about 30 frames a second.
    func isAnimating(at now: Double) -> Bool

    /// Which screen's keys the scene has, for the table.
    var screenKind: ScreenKind { get }
    /// What the scene's keys mean now (``GlobalCommand`` reads it, above the scenes).
    var keyMode: KeyMode { get }
    /// Shows or closes the scene's list of keys.
    func setHelpShown(_ shown: Bool, now: Double)
    /// Turns the scene's list of keys `pages` pages on (back when negative).
    func turnHelpPage(by pages: Int, now: Double)
    /// One input event that is not a global command.
    func handle(_ event: InputEvent, now: Double) -> SceneRequest?
    /// Takes what the session and the scene's workers have for it. `canTakeFrame` is false while
    /// the terminal is still writing the last screen: a due video frame is then let go before it
    /// is rendered.
    func pump(now: Double, session: PumpResult, canTakeFrame: Bool) -> SceneRequest?
    /// Advances the scene's clocks.
    func tick(now: Double) -> SceneRequest?
    /// The terminal's size changed (also called once when the scene is shown).
    func resize(to context: SceneContext, now: Double)
    /// Draws into `canvas`, which has the terminal's size.
    func draw(into canvas: inout Canvas, now: Double)
    /// Runs a command of the table that came from outside the terminal (MPRIS, a client of
    /// mpv's IPC socket), as a key bound to it would; the global ones are the loop's.
    func run(_ command: Command, now: Double) -> SceneRequest?
    /// The scene is covered by another one, or is about to go.
    func willHide(now: Double)
    /// The scene is on top again.
    func didShow(now: Double)
    /// The loop's figures for the screens it draws (the player's stats panel shows them).
    func noteTerminalFigures(_ figures: TerminalFigures, now: Double)
}

extension Scene {
    /// Only the player shows the loop's figures.
    func noteTerminalFigures(_ figures: TerminalFigures, now: Double) {}

    /// Outside the player no command but the global ones means something (the loop runs
    /// those): the list and the card play nothing.
    func run(_ command: Command, now: Double) -> SceneRequest? { nil }
}

/// Where the user can be: the places of reel's one navigation model.
enum Place: Equatable {
    /// The list: the playlist's view.
    case list
    /// Item `item`'s poster card.
    case poster(item: Int)
    /// The player on item `item`; `reveal` opens it through a growing circle over what was on
    /// screen (Enter in the list).
    case player(item: Int, reveal: Bool)
}

/// What a scene asks of the loop.
enum SceneRequest {
    /// Quit reel with this exit code, and this line on stderr after the terminal is restored.
    case quit(Int32, line: String? = nil)
    /// End reel as SIGINT does (Ctrl-C): saved, restored, exit 130.
    case interrupt
    /// Stop the process (Ctrl-Z); the terminal is restored first.
    case suspend
    /// Clear the terminal and draw the whole screen again (Ctrl-L): the renderer forgets what it
    /// thinks the terminal shows, since something else may have written there.
    case redraw
    /// Go to a place, over this one.
    case go(Place)
    /// Close this scene and go back to the one below; quit with 0 when there is none.
    case back
    /// Close this scene and go back to the one below; with none, go to `place` in its stead (a
    /// playlist file given alone became a list of its entries).
    case backOr(Place)
}

/// What scenes need to know about the terminal and the run.
struct SceneContext {
    var size: TerminalSize
    var encoder: FrameEncoder
    var options: ReelOptions
    /// The keys, with the user's bindings.
    var commands: CommandTable
    /// Whether the controls' text fades with them; else it comes and goes at once, and only the
    /// pixels fade (``GraphicsMode/textOverPicturesIsCostly``).
    var fadesText = true

    /// The video's pixel size for the whole terminal.
    var pixelSize: (width: Int, height: Int) { encoder.pixelSize(columns: size.columns, rows: size.rows) }
    /// Cell width over height.
    var cellAspect: Double { size.cellAspect }
    /// One encoder pixel's width over height on screen: mpv's `monitorpixelaspect`.
    var pixelAspect: Double { encoder.pixelAspect(cellAspect: size.cellAspect) }
}
