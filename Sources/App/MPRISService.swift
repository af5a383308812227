import Commands
import Controls
import DesktopBus
import Playback
import Screens
import System

/// MPRIS2 on the session bus: media keys, `playerctl` and the desktop's media widgets.
///
/// It owns the one ``BusConnection`` and the pure ``MPRISPlayer``. Each pass of the loop it
/// publishes the session's state (``pass(session:playerShown:seeked:)``: `PropertiesChanged`,
/// `Seeked`) and answers the calls that came in; the commands they ask for go back to the loop,
/// which runs them in the scene on top, as the keys would.
///
/// Without a session bus, or when the bus refuses the name, there is no service, and nothing is
/// said: reel plays as before. The bus is an ``MPRISBus``, so that tests run a pass on a fake.
final class MPRISService {
    private let bus: any MPRISBus
    private var player = MPRISPlayer()
    /// The commands calls asked for, for the loop to run.
    private var commands: [Command] = []
    /// The thumbnails written as PNG for `mpris:artUrl`, by the path they show.
    private let art: CoverArt?

    /// A service on `bus` (which already owns the name), with the cover art `art` writes.
    init(bus: any MPRISBus, art: CoverArt?) {
        self.bus = bus
        self.art = art
    }

    /// Connects to the session bus and owns `org.mpris.MediaPlayer2.reel.instance<PID>`; nil
    /// without a bus (`DBUS_SESSION_BUS_ADDRESS` unset: it never starts one) or when that fails,
    /// with the reason in mpv's log (`note`).
    static func start(environment: [String: String], art: CoverArt?, note: (String) -> Void) -> MPRISService? {
        do {
            guard let bus = try BusConnection.session(environment: environment) else { return nil }
            try bus.requestName(MPRISPlayer.busName(pid: CurrentProcess.id))
            note("MPRIS: \(MPRISPlayer.busName(pid: CurrentProcess.id)) on the session bus (\(bus.uniqueName))")
            return MPRISService(bus: bus, art: art)
        } catch {
            note("MPRIS is off: \(error)")
            return nil
        }
    }

    /// The descriptor to poll, and for what; -1 once the bus has gone (a closed socket would
    /// wake the loop for ever).
    var pollEvents: (descriptor: Int32, events: PollEvents) {
        guard bus.isConnected else { return (-1, []) }
        return (bus.fileDescriptor, bus.wantsWritable ? [.readable, .writable] : .readable)
    }

    /// The descriptors of the work that goes on for it (the cover art being made).
    var wakeDescriptors: [Int32] { art?.wakeDescriptors ?? [] }

    /// Whether messages are already read and waiting, so the loop must not sleep.
    var hasWork: Bool { bus.hasBufferedMessages }

    /// Publishes the session's state, answers the calls that came in, and returns the commands
    /// they ask for, oldest first. `seeked`: mpv restarted playback at a new place.
    func pass(session: PlaybackSession, playerShown: Bool, seeked: Bool) -> [Command] {
        guard bus.isConnected else { return [] }
        publish(MPRISService.state(of: session, playerShown: playerShown, artURL: art?.url(for: session)), seeked: seeked)
        bus.dispatch { call in
            let outcome = player.handle(call)
            commands += outcome.commands
            return outcome.reply
        }
        defer { commands.removeAll() }
        return commands
    }

    private func publish(_ state: MPRISState, seeked: Bool) {
        for signal in player.update(state, seeked: seeked) {
            bus.emit(path: MPRISPlayer.path, interface: signal.interface, member: signal.member, signal.values)
        }
    }

    /// What MPRIS says of the session now. Outside the player (the list, a poster card) nothing
    /// plays, so nothing can be played, paused, skipped or sought from the bus.
    static func state(of session: PlaybackSession, playerShown: Bool, artURL: String?) -> MPRISState {
        let status = session.status
        var state = MPRISState()
        let item = session.machine.currentItem
        state.item = item
        if status.isLoaded {
            state.status = status.isPlaying ? .playing : .paused
        } else if case .opening = session.machine.phase {
            state.status = .playing
        }
        state.position = status.displayPosition ?? 0
        let length = MediaTime.safeDuration(status.duration)
        state.length = length > 0 ? length : nil
        if let item, session.items.indices.contains(item) {
            let source = session.items[item].source
            state.title = status.title.flatMap { $0.isEmpty ? nil : $0 } ?? session.name(of: item)
            switch source {
            case .file: state.url = source.absolutePath.map { MPRISPlayer.fileURL($0.bytes) }
            case .url(let url): state.url = url
            case .standardInput: state.url = nil
            }
        }
        state.artURL = artURL
        state.rate = status.speed
        state.volume = (status.volume ?? 100) / 100
        state.loop = status.loopsFile ? .track : .none
        state.loopsPlaylist = session.loopsPlaylist
        state.shuffle = session.shuffles
        state.canLoopPlaylist = session.isPlaylist
        let controllable = playerShown && status.isLoaded && !status.isImage
        state.canPlay = controllable
        state.canPause = controllable
        state.canSeek = controllable && length > 0
        state.canGoNext = playerShown && item.flatMap { session.machine.item(after: $0) } != nil
        state.canGoPrevious = playerShown && item.flatMap { session.machine.item(before: $0) } != nil
        return state
    }
}
