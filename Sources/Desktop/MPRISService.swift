import Commands
import Controls
import DesktopBus
import Playback
import Screens
import System

/// MPRIS2 on the session bus: media keys, `playerctl` and the desktop's media widgets.
///
/// It owns the one ``BusConnection`` and the pure ``MPRISPlayer``. Each pass of the loop it
/// publishes the state App reads from its session (``pass(_:seeked:)``: `PropertiesChanged`,
/// `Seeked`) and answers the calls that came in; the commands they ask for go back to the loop,
/// which runs them in the scene on top, as the keys would.
///
/// Without a session bus, or when the bus refuses the name, there is no service, and nothing is
/// said: reel plays as before. The bus is an ``MPRISBus``, so that tests run a pass on a fake.
public final class MPRISService {
    private let bus: any MPRISBus
    private var player = MPRISPlayer()
    /// The commands calls asked for, for the loop to run.
    private var commands: [Command] = []
    /// The thumbnails written as PNG for `mpris:artUrl`, by the path they show.
    public let art: CoverArt?

    /// A service on `bus` (which already owns the name), with the cover art `art` writes.
    public init(bus: any MPRISBus, art: CoverArt?) {
        self.bus = bus
        self.art = art
    }

    /// Connects to the session bus and owns `org.mpris.MediaPlayer2.reel.instance<PID>`; nil
    /// without a bus (`DBUS_SESSION_BUS_ADDRESS` unset: it never starts one) or when that fails,
    /// with the reason in mpv's log (`note`).
    public static func start(environment: [String: String], art: CoverArt?, note: (String) -> Void) -> MPRISService? {
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
    public var pollEvents: (descriptor: Int32, events: PollEvents) {
        guard bus.isConnected else { return (-1, []) }
        return (bus.fileDescriptor, bus.wantsWritable ? [.readable, .writable] : .readable)
    }

    /// The descriptors of the work that goes on for it (the cover art being made).
    public var wakeDescriptors: [Int32] { art?.wakeDescriptors ?? [] }

    /// Whether messages are already read and waiting, so the loop must not sleep.
    public var hasWork: Bool { bus.hasBufferedMessages }

    /// Publishes `state`, answers the calls that came in, and returns the commands they ask for,
    /// oldest first. `seeked`: mpv restarted playback at a new place.
    public func pass(_ state: MPRISState, seeked: Bool) -> [Command] {
        guard bus.isConnected else { return [] }
        publish(state, seeked: seeked)
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
}
