import Commands
import DesktopBus
import Screens

/// MPRIS2 as reel serves it, with no bus in it: what each method call and property write does
/// (the commands of the table that the keys run), the properties' values, and the
/// `PropertiesChanged` and `Seeked` signals a new state calls for.
///
/// ``MPRISService`` carries it out on the session bus.
public struct MPRISPlayer: Sendable, Equatable {
    /// The object every MPRIS player serves.
    public static let path = "/org/mpris/MediaPlayer2"
    static let rootInterface = "org.mpris.MediaPlayer2"
    static let playerInterface = "org.mpris.MediaPlayer2.Player"
    static let propertiesInterface = "org.freedesktop.DBus.Properties"
    static let introspectableInterface = "org.freedesktop.DBus.Introspectable"
    /// The track id for no track.
    static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"
    /// The slowest and fastest speeds reel sets (`set speed`'s range).
    static let minimumRate = 0.01
    static let maximumRate = 100.0

    /// The bus name of the reel with process id `pid`.
    static func busName(pid: Int32) -> String { "org.mpris.MediaPlayer2.reel.instance\(pid)" }

    /// The state last published: what `PropertiesChanged` has told the bus.
    private(set) var published: MPRISState

    public init(state: MPRISState = MPRISState()) {
        published = state
    }

    /// A signal to send from ``path``.
    public struct Signal: Sendable, Equatable {
        var interface: String
        var member: String
        var values: [BusValue]
    }

    /// What a method call asks: the reply, and the commands to run as the keys would.
    public struct Outcome: Sendable, Equatable {
        public var reply: BusReply
        public var commands: [Command] = []
    }

    // MARK: Changes

    /// Takes the player's new state; returns the signals it calls for: `PropertiesChanged` for
    /// every property of the player that changed except `Position` (which the specification
    /// keeps out of it), then `Seeked` when the position jumped (`seeked`: mpv restarted
    /// playback at a new place).
    public mutating func update(_ state: MPRISState, seeked: Bool) -> [Signal] {
        let old = published
        published = state
        var signals: [Signal] = []
        let before = Dictionary(MPRISPlayer.playerProperties(old).map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        let changed = MPRISPlayer.playerProperties(state).filter { $0.key != "Position" && before[$0.key] != $0.value }
        if !changed.isEmpty {
            signals.append(Signal(interface: MPRISPlayer.propertiesInterface, member: "PropertiesChanged",
                                  values: [.string(MPRISPlayer.playerInterface), .dictionary(changed), .strings([])]))
        }
        if seeked, state.item != nil {
            signals.append(Signal(interface: MPRISPlayer.playerInterface, member: "Seeked",
                                  values: [.int64(MPRISPlayer.microseconds(state.position))]))
        }
        return signals
    }

    // MARK: Calls

    /// Answers one call to ``path``, from the state last published.
    public func handle(_ call: BusCall) -> Outcome {
        guard call.path == MPRISPlayer.path else {
            return Outcome(reply: .error(name: "org.freedesktop.DBus.Error.UnknownObject", message: "no object at \(call.path)"))
        }
        switch call.interface {
        case MPRISPlayer.propertiesInterface?: return handleProperties(call)
        case MPRISPlayer.introspectableInterface? where call.member == "Introspect":
            return Outcome(reply: .values([.string(MPRISPlayer.introspection)]))
        case MPRISPlayer.rootInterface?: return handleRoot(call)
        case MPRISPlayer.playerInterface?: return handlePlayer(call)
        case nil:
            // A call without an interface: the member's name decides, as D-Bus allows.
            for interface in [MPRISPlayer.playerInterface, MPRISPlayer.rootInterface] {
                var named = call
                named.interface = interface
                let outcome = handle(named)
                if outcome.reply != .unknownMethod(named) { return outcome }
            }
            return Outcome(reply: .unknownMethod(call))
        default:
            return Outcome(reply: .unknownMethod(call))
        }
    }

    /// A call with arguments to one of `members`, which take none: refused, not guessed at
    /// (`Quit string:x` is no Quit).
    private func extraArguments(_ call: BusCall, members: Set<String>) -> Outcome? {
        guard !call.arguments.isEmpty, members.contains(call.member) else { return nil }
        return Outcome(reply: .invalidArguments("\(call.member) takes no arguments"))
    }

    private func handleRoot(_ call: BusCall) -> Outcome {
        if let refused = extraArguments(call, members: ["Raise", "Quit"]) { return refused }
        return switch call.member {
        case "Raise": Outcome(reply: .values([]))  // CanRaise is false: a terminal cannot be raised from here
        case "Quit": Outcome(reply: .values([]), commands: [.quit])
        default: Outcome(reply: .unknownMethod(call))
        }
    }

    private func handlePlayer(_ call: BusCall) -> Outcome {
        if let refused = extraArguments(call, members: ["PlayPause", "Play", "Pause", "Stop", "Next", "Previous"]) { return refused }
        let state = published
        let done = BusReply.values([])
        switch call.member {
        case "PlayPause":
            return Outcome(reply: done, commands: state.canPause || state.canPlay ? [.cyclePause] : [])
        case "Play":
            return Outcome(reply: done, commands: state.canPlay && state.status != .playing ? [.cyclePause] : [])
        case "Pause":
            return Outcome(reply: done, commands: state.canPause && state.status == .playing ? [.cyclePause] : [])
        case "Stop":
            // reel has no stopped state that keeps the item: Stop pauses and goes back to the start.
            guard state.canPause else { return Outcome(reply: done) }
            return Outcome(reply: done, commands: (state.status == .playing ? [.cyclePause] : []) + [.seek(0, .absolute)])
        case "Next":
            return Outcome(reply: done, commands: state.canGoNext ? [.playlistNext] : [])
        case "Previous":
            return Outcome(reply: done, commands: state.canGoPrevious ? [.playlistPrevious] : [])
        case "Seek":
            guard call.arguments.count == 1, case .int64(let offset) = call.arguments[0] else {
                return Outcome(reply: .invalidArguments("Seek takes an offset in microseconds (x)"))
            }
            let seconds = MPRISPlayer.seekOffset(microseconds: offset, length: state.length ?? 0)
            return Outcome(reply: done, commands: state.canSeek && seconds != 0 ? [.seek(seconds, .relative)] : [])
        case "SetPosition":
            guard call.arguments.count == 2, case .objectPath(let track) = call.arguments[0],
                  case .int64(let position) = call.arguments[1] else {
                return Outcome(reply: .invalidArguments("SetPosition takes a track id (o) and a position in microseconds (x)"))
            }
            // The specification: a stale track id, or a position outside the track, is ignored.
            guard state.canSeek, track == MPRISPlayer.trackID(state.item),
                  let seconds = MPRISPlayer.position(microseconds: position, length: state.length ?? 0) else {
                return Outcome(reply: done)
            }
            return Outcome(reply: done, commands: [.seek(seconds, .absolute)])
        case "OpenUri":
            // Nothing from the bus opens a file.
            return Outcome(reply: .error(name: "org.freedesktop.DBus.Error.NotSupported",
                                         message: "reel opens nothing from the bus"))
        default:
            return Outcome(reply: .unknownMethod(call))
        }
    }

    /// Microseconds, as MPRIS counts time.
    static func microseconds(_ seconds: Double) -> Int64 {
        guard seconds.isFinite else { return 0 }
        return Int64(max(min(seconds, 1e12), -1e12) * 1e6)
    }

    /// The track id of item `item` of the session's list.
    public static func trackID(_ item: Int?) -> String {
        item.map { "/org/mpris/MediaPlayer2/reel/track/\($0)" } ?? noTrack
    }
}
