import Terminal

/// One thing the app can show: the player, the poster card or the library.
///
/// A scene owns its screen (a pure value from Screens) and the side effects behind it (an mpv
/// player, background probes). The ``AppLoop`` keeps a stack of scenes, polls what they ask it to,
/// and forwards input, time and drawing to the one on top.
protocol Scene: AnyObject {
    /// Descriptors to wake up for, besides the terminal and signals (mpv's wake pipe, workers').
    var wakeDescriptors: [Int32] { get }
    /// The earliest time the scene needs to run again, or nil to sleep until something happens.
    var nextDeadline: Double? { get }
    /// Whether the scene has something new to draw at `now` (a frame, a change, an animation).
    func needsDraw(at now: Double) -> Bool
    /// Whether an animation is running, so the loop redraws at about 30 frames a second.
    func isAnimating(at now: Double) -> Bool

    /// One input event.
    func handle(_ event: InputEvent, now: Double) -> SceneRequest?
    /// Reads what arrived on the scene's descriptors (mpv events, frames, worker results).
    /// `canTakeFrame` is false while the terminal is still writing the last screen: a due video
    /// frame is then let go before it is rendered.
    func pump(now: Double, canTakeFrame: Bool) -> SceneRequest?
    /// Advances the scene's clocks.
    func tick(now: Double) -> SceneRequest?
    /// The terminal's size changed (also called once when the scene is shown).
    func resize(to context: SceneContext, now: Double)
    /// Draws into `canvas`, which has the terminal's size.
    func draw(into canvas: inout Canvas, now: Double)
    /// The scene is covered by another one, or is about to go (pause playback, stop workers).
    func willHide(now: Double)
    /// The scene is on top again.
    func didShow(now: Double)
}

/// What a scene asks of the loop.
enum SceneRequest {
    /// Quit reel with this exit code.
    case quit(Int32)
    /// Stop the process (Ctrl-Z); the terminal is restored first.
    case suspend
    /// Show another scene on top.
    case push(Scene)
    /// Close this scene and go back to the one below; quit with 0 when there is none.
    case pop
}

/// What scenes need to know about the terminal.
struct SceneContext {
    var size: TerminalSize
    var encoder: FrameEncoder
    var options: ReelOptions

    /// The video's pixel size for the whole terminal.
    var pixelSize: (width: Int, height: Int) { encoder.pixelSize(columns: size.columns, rows: size.rows) }
    /// Cell width over height.
    var cellAspect: Double { size.cellAspect }
    /// One encoder pixel's width over height on screen: mpv's `monitorpixelaspect`.
    var pixelAspect: Double { encoder.pixelAspect(cellAspect: size.cellAspect) }
}
