import Commands
import DesktopBus
import Formatting
import Screens

/// The properties of MPRIS2's two interfaces, and what writing one does.
extension MPRISPlayer {
    /// The URI schemes OpenUri opens: none, since nothing from the bus opens a file (OpenUri is
    /// refused), and a client reads this list to know what it may hand over.
    static let uriSchemes: [String] = []
    /// The MIME types reel opens: those of reel.desktop (a test holds the two together).
    static let mimeTypes = DesktopEntryTypes.mimeTypes

    /// `org.mpris.MediaPlayer2`'s properties, which never change.
    static var rootProperties: [(key: String, value: BusValue)] {
        [("CanQuit", .boolean(true)), ("CanRaise", .boolean(false)), ("CanSetFullscreen", .boolean(false)),
         ("Fullscreen", .boolean(false)), ("HasTrackList", .boolean(false)), ("Identity", .string("reel")),
         ("DesktopEntry", .string("reel")), ("SupportedUriSchemes", .strings(uriSchemes)),
         ("SupportedMimeTypes", .strings(mimeTypes))]
    }

    /// `org.mpris.MediaPlayer2.Player`'s properties in `state`.
    static func playerProperties(_ state: MPRISState) -> [(key: String, value: BusValue)] {
        let loop: MPRISState.Loop = state.loop == .none && state.loopsPlaylist ? .playlist : state.loop
        return [
            ("PlaybackStatus", .string(state.status.rawValue)),
            ("LoopStatus", .string(loop.rawValue)),
            ("Rate", .double(state.rate)),
            ("Shuffle", .boolean(state.shuffle)),
            ("Metadata", metadata(state)),
            ("Volume", .double(state.volume)),
            ("Position", .int64(microseconds(state.position))),
            ("MinimumRate", .double(minimumRate)),
            ("MaximumRate", .double(maximumRate)),
            ("CanGoNext", .boolean(state.canGoNext)),
            ("CanGoPrevious", .boolean(state.canGoPrevious)),
            ("CanPlay", .boolean(state.canPlay)),
            ("CanPause", .boolean(state.canPause)),
            ("CanSeek", .boolean(state.canSeek)),
            ("CanControl", .boolean(true)),
        ]
    }

    /// `Metadata`: the track id, and what is known of the item (length, title, URL, art).
    public static func metadata(_ state: MPRISState) -> BusValue {
        var entries: [(key: String, value: BusValue)] = [("mpris:trackid", .objectPath(trackID(state.item)))]
        guard state.item != nil else { return .dictionary(entries) }
        if let length = state.length, length > 0 { entries.append(("mpris:length", .int64(microseconds(length)))) }
        if let title = state.title, !title.isEmpty { entries.append(("xesam:title", .string(title))) }
        if let url = state.url { entries.append(("xesam:url", .string(url))) }
        if let art = state.artURL { entries.append(("mpris:artUrl", .string(art))) }
        return .dictionary(entries)
    }

    /// A `file://` URL for an absolute path's bytes: every byte but the unreserved ones and `/`
    /// as `%XX`, so that a name that is not UTF-8 (`caf\xE9.mkv`) comes through whole.
    public static func fileURL<Bytes: Sequence<UInt8>>(_ path: Bytes) -> String {
        var url = "file://"
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in path {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        url += String(decoding: bytes, as: UTF8.self)
        return url
    }

    // MARK: Get, GetAll, Set

    func handleProperties(_ call: BusCall) -> Outcome {
        let strings = call.arguments.compactMap { value -> String? in if case .string(let text) = value { text } else { nil } }
        switch call.member {
        case "Get":
            guard call.arguments.count == 2, strings.count == 2 else { return Outcome(reply: .invalidArguments("Get takes (ss)")) }
            guard let properties = properties(of: strings[0]) else { return Outcome(reply: unknownInterface(strings[0])) }
            guard let value = properties.first(where: { $0.key == strings[1] })?.value else {
                return Outcome(reply: unknownProperty(strings[1], strings[0]))
            }
            return Outcome(reply: .values([.variant(value)]))
        case "GetAll":
            guard call.arguments.count == 1, strings.count == 1 else { return Outcome(reply: .invalidArguments("GetAll takes (s)")) }
            guard let properties = properties(of: strings[0]) else { return Outcome(reply: unknownInterface(strings[0])) }
            return Outcome(reply: .values([.dictionary(properties)]))
        case "Set":
            guard call.arguments.count == 3, case .string(let interface) = call.arguments[0],
                  case .string(let name) = call.arguments[1], case .variant(let value) = call.arguments[2] else {
                return Outcome(reply: .invalidArguments("Set takes (ssv)"))
            }
            return set(name, of: interface, to: value)
        default:
            return Outcome(reply: .unknownMethod(call))
        }
    }

    private func properties(of interface: String) -> [(key: String, value: BusValue)]? {
        switch interface {
        case MPRISPlayer.rootInterface: MPRISPlayer.rootProperties
        case MPRISPlayer.playerInterface: MPRISPlayer.playerProperties(published)
        default: nil
        }
    }

    /// Writes a property: `Rate`, `Volume`, `LoopStatus` and `Shuffle` are writable, each
    /// through the command its key runs.
    private func set(_ name: String, of interface: String, to value: BusValue) -> Outcome {
        guard let properties = properties(of: interface) else { return Outcome(reply: unknownInterface(interface)) }
        guard properties.contains(where: { $0.key == name }) else { return Outcome(reply: unknownProperty(name, interface)) }
        let state = published
        let done = BusReply.values([])
        switch (interface, name, value.unwrapped) {
        case (MPRISPlayer.playerInterface, "Rate", .double(let rate)):
            switch MPRISPlayer.rateWrite(rate) {
            case .pause: return Outcome(reply: done, commands: state.status == .playing ? [.cyclePause] : [])
            case .speed(let speed): return Outcome(reply: done, commands: speed == state.rate ? [] : [.setSpeed(speed)])
            case .refused:
                let range = [MPRISPlayer.minimumRate, MPRISPlayer.maximumRate].map { DecimalText.format($0, maximumFractionDigits: 2) }
                return Outcome(reply: .invalidArguments("Rate is 0 (a pause) or from \(range[0]) to \(range[1])"))
            }
        case (MPRISPlayer.playerInterface, "Volume", .double(let volume)):
            guard let target = MPRISPlayer.volumePercent(volume) else {
                return Outcome(reply: .invalidArguments("Volume is a number, 0 and up"))
            }
            let step = target - (state.volume * 100).rounded()
            return Outcome(reply: done, commands: step == 0 ? [] : [.addVolume(step)])
        case (MPRISPlayer.playerInterface, "LoopStatus", .string(let text)):
            guard let loop = MPRISState.Loop(rawValue: text) else {
                return Outcome(reply: .invalidArguments("LoopStatus is None, Track or Playlist"))
            }
            // Each status is one pair of mpv's loop-file and reel's loop of the list, as mpv-mpris
            // has it: Track loops the file alone, Playlist the list alone, None neither.
            let file = loop == .track, list = loop == .playlist
            guard !list || state.canLoopPlaylist else {
                return Outcome(reply: notSupported("continue watching is not a playlist: there is no list to loop"))
            }
            let commands: [Command] = (file != (state.loop == .track) ? [.cycleLoopFile] : [])
                + (list != state.loopsPlaylist && (state.canLoopPlaylist || state.loopsPlaylist) ? [.cycleLoopPlaylist] : [])
            return Outcome(reply: done, commands: commands)
        case (MPRISPlayer.playerInterface, "Shuffle", .boolean(let shuffle)):
            guard shuffle != state.shuffle else { return Outcome(reply: done) }
            guard state.canLoopPlaylist else {
                return Outcome(reply: notSupported("continue watching is not a playlist: there is nothing to shuffle"))
            }
            return Outcome(reply: done, commands: [.cycleShuffle])
        case (_, "Rate", _), (_, "Volume", _), (_, "LoopStatus", _), (_, "Shuffle", _):
            return Outcome(reply: .invalidArguments("\(name) does not take a \(value.unwrapped.signature)"))
        default:
            return Outcome(reply: .error(name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: "\(name) is read-only"))
        }
    }

    private func unknownInterface(_ interface: String) -> BusReply {
        .error(name: "org.freedesktop.DBus.Error.UnknownInterface", message: "no interface \(interface)")
    }

    private func unknownProperty(_ name: String, _ interface: String) -> BusReply {
        .error(name: "org.freedesktop.DBus.Error.UnknownProperty", message: "no property \(name) on \(interface)")
    }

    private func notSupported(_ message: String) -> BusReply {
        .error(name: "org.freedesktop.DBus.Error.NotSupported", message: message)
    }
}
