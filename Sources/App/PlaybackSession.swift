import Commands
import Controls
import History
import MediaJobs
import Options
import Session
import Playback
import Screens
import System
import Terminal

/// The run's one playback session: one mpv, its playlist, and the core that decides
/// (``PlaybackCore``). Every scene reads it; none has a player of its own.
///
/// An executor: the loop pumps it once an iteration (``pump(now:)``), each of mpv's events
/// becomes one core event, and every command the core returns is run against ``Player`` (mpv:
/// ``MpvPlayer``) through ``take(_:now:)``, the one way into the core. Nothing here waits on mpv.
final class PlaybackSession {
    /// mpv, or a test's fake.
    let player: any Player
    /// Every decision: the item's phase, the watches, the counts (``PlaybackCore``); the scenes read it.
    var core: PlaybackCore
    var items: [PlaylistItem]
    let frames = VideoFrames()
    /// What the screens show: mpv's state and the session's phase.
    var status = MediaStatus()
    /// Resume records, when resuming is on.
    let resume: ResumeStore?
    let options: ReelOptions
    var notices: [String] = []
    /// Commands from clients of mpv's IPC socket, for the scene on top to run.
    let clients = ClientInbox()
    /// Where screenshots go and what they are called.
    let screenshots = ScreenshotJobs(writer: ScreenshotWriter(template: ScreenshotWriter.standardTemplate))
    /// The last failure, for the exit line when nothing else can play.
    var lastFailure: (item: PlaylistItem, reason: String)?
    /// The last item given to mpv alone: the playlist named when its playlists nest too deep.
    var nestingRoot: PlaylistItem?
    /// The number of frames of the item, estimated as mpv does, for `--stats`.
    var sourceFrameCount: Int?

    /// Makes mpv and puts `items` in its playlist, in order; nothing plays yet.
    convenience init(items: [PlaylistItem], options: ReelOptions, pixelAspect: Double, supersampling: Int = 1,
                     pictureGrain: PictureGrain = .pixel, videoHeight: Int,
                     resume: ResumeStore?) throws {
        let (configuration, notices) = SessionSettings.mpvConfiguration(options, pixelAspect: pixelAspect, supersampling: supersampling,
                                                                         pictureGrain: pictureGrain, videoHeight: videoHeight)
        self.init(player: try MpvPlayer(configuration: configuration), items: items, options: options, resume: resume, notices: notices)
    }

    /// A session of `player` (mpv, or a test's fake) over `items`, with `notices` to say first.
    init(player: any Player, items: [PlaylistItem], options: ReelOptions, resume: ResumeStore?, notices: [String] = []) {
        self.player = player
        self.items = options.shuffle ? items.shuffled() : items
        self.options = options
        self.resume = resume
        core = SessionSettings.core(options, items: items)
        // A state folder that cannot be used turns resuming off: said once, at the start.
        if let notice = resume?.takeFailureNotice() { self.notices.append(notice) }
        self.notices += notices
    }
}
