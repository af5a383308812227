import Controls
import History
import Library
import Options
import Playback
import Screens

/// reel's one navigation model: where a run starts, and what each place is on screen.
///
/// Places stack: the list at the bottom when there is one, then a poster card, then the player.
/// Esc and x close the innermost thing first (the screens close their menus, help and cards
/// themselves), then the top place, which goes back to the one below: the player to the list or
/// the card it came from, the card to the list; with nothing below, reel quits, unless the one
/// item given became several (a playlist file): the player then goes to their list.
final class Navigator {
    let session: PlaybackSession
    /// Where the run starts, bottom first.
    let startPlaces: [Place]
    private let list: ListSetup?
    private let thumbnails: ThumbnailCache?
    /// The player's choice of total or remaining time, kept for the run.
    private var showsRemaining = false
    private weak var listScene: ListScene?
    private weak var lastPlayer: PlayerScene?
    /// The start's player item was opened by ``prepareStart(options:now:)``: its scene shows what
    /// the session is on, which may no longer be that index (a playlist file became its entries,
    /// and a failed first entry was passed over).
    private var startIsOpen = false

    /// What the list needs: its heading, what the scan skipped so far, the files it found so far
    /// (after the first `streams` items, which were given as URLs), and the scan still reading.
    struct ListSetup {
        var title: String
        var scanned: LibraryScan
        var files: [LibraryFile]
        var scan: ScanJob?
        var streams: Int
        /// The continue-watching list's records, when reel was started with nothing to play.
        var history: WatchHistory? = nil
        /// What the empty continue-watching list says.
        var emptyHelp: [String] = []
    }

    init(session: PlaybackSession, startPlaces: [Place], list: ListSetup?, thumbnails: ThumbnailCache?) {
        self.session = session
        self.startPlaces = startPlaces
        self.list = list
        self.thumbnails = thumbnails
    }

    /// From the pointer stopping over the scrubber to its frame showing, in the last player.
    var previewLatencies: DurationHistogram { lastPlayer?.previewLatencies ?? DurationHistogram() }

    /// The starting places for a run: the list for folders (or `--list`), a card with `--poster`,
    /// else the player; several items keep the list below.
    static func startPlaces(itemCount: Int, hasFolder: Bool, options: ReelOptions) -> [Place] {
        if hasFolder || options.list || itemCount == 0 { return [.list] }
        let below: [Place] = itemCount > 1 ? [.list] : []
        return below + [options.poster ? .poster(item: 0) : .player(item: 0, reveal: false)]
    }

    /// Starts opening what the run starts on, before the terminal is touched: the player's item
    /// (paused with `--pause`), or the card's item, paused behind it.
    func prepareStart(options: ReelOptions, now: Double) {
        switch startPlaces.last {
        case .player(let item, _)?:
            session.play(item, now: now, paused: options.pause)
            startIsOpen = true
        case .poster(let item)?: session.play(item, now: now, paused: true)
        default: break
        }
    }

    /// The scene for `place`. `canClose` says whether there is a place below to go back to.
    func makeScene(_ place: Place, canClose: Bool, context: SceneContext, now: Double) -> Scene {
        if let player = lastPlayer { showsRemaining = player.showsRemaining }
        switch place {
        case .list:
            let setup = list ?? ListSetup(title: "reel", scanned: LibraryScan(title: "reel"), files: [], scan: nil, streams: 0)
            let scene = ListScene(session: session, setup: setup, cache: thumbnails, context: context, now: now)
            listScene = scene
            return scene
        case .poster(let item):
            return PosterScene(session: session, item: item, canClose: canClose, context: context, now: now)
        case .player(let item, let reveal):
            // From the list the item plays at once; at the start it is already opening (see
            // ``prepareStart(now:)``), and from its card it is already playing.
            if startIsOpen {
                startIsOpen = false
            } else if session.core.currentItem != item || reveal {
                session.play(item, now: now)
            }
            let scene = PlayerScene(session: session, context: context, canClose: canClose, reveal: reveal,
                                    thumbnails: thumbnails, showsRemaining: showsRemaining, now: now)
            lastPlayer = scene
            return scene
        }
    }
}
