import DesktopBus
import Screens
import Testing
@testable import Commands
@testable import Desktop

/// MPRIS2 without a bus: calls in, commands and replies out; states in, signals out.
@Suite("MPRIS player")
struct MPRISPlayerTests {
    /// A file playing at 30 s of 120 s, item 2 of a list with more on both sides.
    static func playing(_ configure: (inout MPRISState) -> Void = { _ in }) -> MPRISState {
        var state = MPRISState()
        state.status = .playing
        state.position = 30
        state.length = 120
        state.item = 2
        state.title = "A Title"
        state.url = "file:///films/a.mkv"
        state.canPlay = true
        state.canPause = true
        state.canSeek = true
        state.canGoNext = true
        state.canGoPrevious = true
        configure(&state)
        return state
    }

    static func call(_ member: String, _ arguments: [BusValue] = [], interface: String? = MPRISPlayer.playerInterface) -> BusCall {
        BusCall(path: MPRISPlayer.path, interface: interface, member: member, arguments: arguments)
    }

    static func set(_ name: String, _ value: BusValue) -> BusCall {
        call("Set", [.string(MPRISPlayer.playerInterface), .string(name), .variant(value)], interface: MPRISPlayer.propertiesInterface)
    }

    static func get(_ name: String, interface: String = MPRISPlayer.playerInterface) -> BusCall {
        call("Get", [.string(interface), .string(name)], interface: MPRISPlayer.propertiesInterface)
    }

    static let done = BusReply.values([])

    struct Case: Sendable, CustomTestStringConvertible {
        var member: String
        var arguments: [BusValue] = []
        var state: MPRISState
        var commands: [Command]
        var testDescription: String { "\(member) while \(state.status.rawValue)" }
    }

    @Test("each method runs the command its key runs, and only when it can do something", arguments: [
        Case(member: "PlayPause", state: playing(), commands: [.cyclePause]),
        Case(member: "PlayPause", state: playing { $0.status = .paused }, commands: [.cyclePause]),
        Case(member: "Play", state: playing { $0.status = .paused }, commands: [.cyclePause]),
        Case(member: "Play", state: playing(), commands: []),
        Case(member: "Pause", state: playing(), commands: [.cyclePause]),
        Case(member: "Pause", state: playing { $0.status = .paused }, commands: []),
        Case(member: "Stop", state: playing(), commands: [.cyclePause, .seek(0, .absolute)]),
        Case(member: "Next", state: playing(), commands: [.playlistNext]),
        Case(member: "Next", state: playing { $0.canGoNext = false }, commands: []),
        Case(member: "Previous", state: playing(), commands: [.playlistPrevious]),
        Case(member: "Seek", arguments: [.int64(10_000_000)], state: playing(), commands: [.seek(10, .relative)]),
        Case(member: "Seek", arguments: [.int64(-2_500_000)], state: playing(), commands: [.seek(-2.5, .relative)]),
        Case(member: "Seek", arguments: [.int64(10_000_000)], state: playing { $0.canSeek = false }, commands: []),
        Case(member: "SetPosition", arguments: [.objectPath(MPRISPlayer.trackID(2)), .int64(45_000_000)],
             state: playing(), commands: [.seek(45, .absolute)]),
        // The specification: a stale track id or a position past the end is ignored.
        Case(member: "SetPosition", arguments: [.objectPath(MPRISPlayer.trackID(1)), .int64(45_000_000)],
             state: playing(), commands: []),
        Case(member: "SetPosition", arguments: [.objectPath(MPRISPlayer.trackID(2)), .int64(500_000_000)],
             state: playing(), commands: []),
        Case(member: "PlayPause", state: MPRISState(), commands: []),
    ])
    func methods(_ example: Case) {
        let player = MPRISPlayer(state: example.state)
        let outcome = player.handle(Self.call(example.member, example.arguments))
        #expect(outcome.reply == Self.done)
        #expect(outcome.commands == example.commands)
    }

    @Test("Quit quits through the table's command; Raise does nothing, as CanRaise says")
    func rootMethods() {
        let player = MPRISPlayer(state: Self.playing())
        #expect(player.handle(Self.call("Quit", interface: MPRISPlayer.rootInterface)) == .init(reply: Self.done, commands: [.quit]))
        #expect(player.handle(Self.call("Raise", interface: MPRISPlayer.rootInterface)) == .init(reply: Self.done))
        #expect(player.handle(Self.get("CanRaise", interface: MPRISPlayer.rootInterface)).reply == .values([.variant(.boolean(false))]))
        #expect(player.handle(Self.get("CanQuit", interface: MPRISPlayer.rootInterface)).reply == .values([.variant(.boolean(true))]))
    }

    @Test("a call without an interface finds its method by name")
    func noInterface() {
        let player = MPRISPlayer(state: Self.playing())
        #expect(player.handle(Self.call("Pause", interface: nil)).commands == [.cyclePause])
        #expect(player.handle(Self.call("Quit", interface: nil)).commands == [.quit])
        #expect(player.handle(Self.call("Dance", interface: nil)).reply == .unknownMethod(Self.call("Dance", interface: nil)))
    }

    @Test("nothing from the bus opens a file: OpenUri is refused, and no URI scheme is advertised")
    func noOpenUri() {
        let root = MPRISPlayer(state: Self.playing()).handle(Self.get("SupportedUriSchemes", interface: MPRISPlayer.rootInterface))
        #expect(root.reply == .values([.variant(.strings([]))]))
        let outcome = MPRISPlayer(state: Self.playing()).handle(Self.call("OpenUri", [.string("file:///etc/passwd")]))
        #expect(outcome.commands.isEmpty)
        guard case .error(let name, _) = outcome.reply else { Issue.record("OpenUri was not refused"); return }
        #expect(name == "org.freedesktop.DBus.Error.NotSupported")
    }

    @Test("Seek at the int64 limits goes to the start or the end, with no trap", arguments: [
        (Int64.max, 120.0), (Int64.min, -120.0), (1, 0.000001), (-1, -0.000001), (90_000_000_000, 120),
    ])
    func seekLimits(_ offset: Int64, _ seconds: Double) {
        let outcome = MPRISPlayer(state: Self.playing()).handle(Self.call("Seek", [.int64(offset)]))
        #expect(outcome == .init(reply: Self.done, commands: [.seek(seconds, .relative)]))
    }

    @Test("SetPosition at the int64 limits is outside the track, so ignored", arguments: [Int64.max, Int64.min, -1])
    func setPositionLimits(_ position: Int64) {
        let call = Self.call("SetPosition", [.objectPath(MPRISPlayer.trackID(2)), .int64(position)])
        #expect(MPRISPlayer(state: Self.playing()).handle(call) == .init(reply: Self.done))
    }

    @Test("arguments of the wrong type are refused, not guessed at")
    func badArguments() {
        let player = MPRISPlayer(state: Self.playing())
        for call in [Self.call("Seek", [.double(10)]), Self.call("Seek"), Self.call("SetPosition", [.string("/x"), .int64(1)]),
                     Self.call("Quit", [.string("x")], interface: MPRISPlayer.rootInterface), Self.call("Pause", [.int64(1)]),
                     Self.call("Quit", [.boolean(true)], interface: nil)] {
            let outcome = player.handle(call)
            #expect(outcome.commands.isEmpty)
            guard case .error(let name, _) = outcome.reply else { Issue.record("\(call.member) was taken"); continue }
            #expect(name == "org.freedesktop.DBus.Error.InvalidArgs")
        }
    }

    @Test("Rate, Volume, LoopStatus and Shuffle are written through the keys' commands", arguments: [
        (MPRISPlayerTests.set("Rate", .double(1.5)), [Command.setSpeed(1.5)]),
        (MPRISPlayerTests.set("Rate", .double(100)), [Command.setSpeed(100)]),
        (MPRISPlayerTests.set("Rate", .double(0)), [Command.cyclePause]),
        (MPRISPlayerTests.set("Rate", .double(1)), []),
        (MPRISPlayerTests.set("Volume", .double(0.5)), [Command.addVolume(-50)]),
        (MPRISPlayerTests.set("Volume", .double(2)), [Command.addVolume(30)]),
        (MPRISPlayerTests.set("Volume", .double(-1)), [Command.addVolume(-100)]),
        (MPRISPlayerTests.set("LoopStatus", .string("Track")), [Command.cycleLoopFile]),
        (MPRISPlayerTests.set("LoopStatus", .string("None")), []),
        (MPRISPlayerTests.set("Shuffle", .boolean(false)), []),
        (MPRISPlayerTests.set("Shuffle", .boolean(true)), [Command.cycleShuffle]),
        (MPRISPlayerTests.set("LoopStatus", .string("Playlist")), [Command.cycleLoopPlaylist]),
    ])
    func writes(_ call: BusCall, _ commands: [Command]) {
        let outcome = MPRISPlayer(state: Self.playing()).handle(call)
        #expect(outcome.reply == Self.done)
        #expect(outcome.commands == commands)
    }

    @Test("a write reel cannot carry out is an error, and changes nothing", arguments: [
        MPRISPlayerTests.set("LoopStatus", .string("Sometimes")),
        MPRISPlayerTests.set("Rate", .string("fast")),
        // Outside MinimumRate … MaximumRate, which the specification says a rate must be in.
        MPRISPlayerTests.set("Rate", .double(1000)), MPRISPlayerTests.set("Rate", .double(-1)),
        MPRISPlayerTests.set("Rate", .double(.nan)), MPRISPlayerTests.set("Rate", .double(-.infinity)),
        MPRISPlayerTests.set("Rate", .double(0.001)),
        MPRISPlayerTests.set("Volume", .double(.nan)), MPRISPlayerTests.set("Volume", .double(.infinity)),
        MPRISPlayerTests.set("Volume", .double(-.infinity)),
        MPRISPlayerTests.set("PlaybackStatus", .string("Playing")),
        MPRISPlayerTests.set("Nonsense", .boolean(true)),
    ])
    func refusedWrites(_ call: BusCall) {
        let outcome = MPRISPlayer(state: Self.playing()).handle(call)
        #expect(outcome.commands.isEmpty)
        guard case .error = outcome.reply else { Issue.record("the write was taken"); return }
    }

    @Test("LoopStatus is one pair of loop-file and the list's loop: Track, Playlist and None each set both")
    func loopStatus() {
        var state = Self.playing()
        state.loopsPlaylist = true
        let player = MPRISPlayer(state: state)
        #expect(player.handle(Self.get("LoopStatus")).reply == .values([.variant(.string("Playlist"))]))
        #expect(player.handle(Self.set("LoopStatus", .string("Playlist"))) == .init(reply: Self.done))
        #expect(player.handle(Self.set("LoopStatus", .string("None"))).commands == [.cycleLoopPlaylist])
        #expect(player.handle(Self.set("LoopStatus", .string("Track"))).commands == [.cycleLoopFile, .cycleLoopPlaylist])
        state.loop = .track
        state.loopsPlaylist = false
        #expect(MPRISPlayer(state: state).handle(Self.set("LoopStatus", .string("Playlist"))).commands == [.cycleLoopFile, .cycleLoopPlaylist])
        #expect(MPRISPlayer(state: state).handle(Self.set("LoopStatus", .string("None"))).commands == [.cycleLoopFile])
    }

    @Test("continue watching is no playlist: Shuffle and LoopStatus Playlist are refused there, Track still works")
    func notAPlaylist() {
        var state = Self.playing()
        state.canLoopPlaylist = false
        let player = MPRISPlayer(state: state)
        for call in [Self.set("Shuffle", .boolean(true)), Self.set("LoopStatus", .string("Playlist"))] {
            let outcome = player.handle(call)
            #expect(outcome.commands.isEmpty)
            guard case .error(let name, _) = outcome.reply else { Issue.record("\(call) was taken"); continue }
            #expect(name == "org.freedesktop.DBus.Error.NotSupported")
        }
        #expect(player.handle(Self.set("LoopStatus", .string("Track"))).commands == [.cycleLoopFile])
    }

    @Test("the properties playerctl reads before it acts")
    func properties() {
        let player = MPRISPlayer(state: Self.playing())
        let values: [(String, BusValue)] = [
            ("PlaybackStatus", .string("Playing")), ("Position", .int64(30_000_000)), ("CanPlay", .boolean(true)),
            ("CanPause", .boolean(true)), ("CanSeek", .boolean(true)), ("CanControl", .boolean(true)),
            ("MinimumRate", .double(0.01)), ("MaximumRate", .double(100)), ("Volume", .double(1)),
        ]
        for (name, value) in values {
            #expect(player.handle(Self.get(name)).reply == .values([.variant(value)]), "\(name)")
        }
        guard case .values(let all) = player.handle(Self.call("GetAll", [.string(MPRISPlayer.rootInterface)],
                                                              interface: MPRISPlayer.propertiesInterface)).reply,
              let properties = all.first else { Issue.record("no GetAll"); return }
        #expect(properties["Identity"] == .string("reel"))
        #expect(properties["DesktopEntry"] == .string("reel"))
        #expect(properties["HasTrackList"] == .boolean(false))
        #expect(properties["SupportedMimeTypes"] == .strings(DesktopEntryTypes.mimeTypes))
    }

    @Test("metadata: track id, length in microseconds, title, url and art; only the track id without an item")
    func metadata() {
        var state = Self.playing()
        state.artURL = "file:///cache/art/1.png"
        let metadata = MPRISPlayer.metadata(state)
        #expect(metadata["mpris:trackid"] == .objectPath("/org/mpris/MediaPlayer2/reel/track/2"))
        #expect(metadata["mpris:length"] == .int64(120_000_000))
        #expect(metadata["xesam:title"] == .string("A Title"))
        #expect(metadata["xesam:url"] == .string("file:///films/a.mkv"))
        #expect(metadata["mpris:artUrl"] == .string("file:///cache/art/1.png"))
        #expect(MPRISPlayer.metadata(MPRISState()) == .dictionary([("mpris:trackid", .objectPath(MPRISPlayer.noTrack))]))
    }

    @Test("xesam:url percent-encodes every byte but the unreserved ones, so a name that is not UTF-8 survives", arguments: [
        (Array("/films/a b.mkv".utf8), "file:///films/a%20b.mkv"),
        (Array("/v/caf".utf8) + [0xE9] + Array(".mkv".utf8), "file:///v/caf%E9.mkv"),
        (Array("/v/café #1?.mp4".utf8), "file:///v/caf%C3%A9%20%231%3F.mp4"),
        (Array("/v/100%.mp4".utf8), "file:///v/100%25.mp4"),
    ])
    func fileURLs(_ path: [UInt8], _ url: String) {
        #expect(MPRISPlayer.fileURL(path) == url)
    }

    @Test("a change is one PropertiesChanged with what changed, never Position; a seek is Seeked")
    func signals() {
        var player = MPRISPlayer(state: Self.playing())
        #expect(player.update(Self.playing { $0.position = 31 }, seeked: false).isEmpty, "the clock alone says nothing")
        let paused = player.update(Self.playing { $0.status = .paused; $0.position = 32 }, seeked: false)
        #expect(paused == [MPRISPlayer.Signal(interface: MPRISPlayer.propertiesInterface, member: "PropertiesChanged",
                                              values: [.string(MPRISPlayer.playerInterface),
                                                       .dictionary([("PlaybackStatus", .string("Paused"))]), .strings([])])])
        let seeked = player.update(Self.playing { $0.status = .paused; $0.position = 90 }, seeked: true)
        #expect(seeked == [MPRISPlayer.Signal(interface: MPRISPlayer.playerInterface, member: "Seeked", values: [.int64(90_000_000)])])
        let next = player.update(Self.playing { $0.item = 3; $0.title = "B"; $0.position = 0 }, seeked: false)
        guard case .dictionary(let changed)? = next.first?.values[1] else { Issue.record("no change"); return }
        #expect(changed.map(\.key) == ["PlaybackStatus", "Metadata"])
    }

    @Test("the bus name carries the process id")
    func busName() {
        #expect(MPRISPlayer.busName(pid: 4321) == "org.mpris.MediaPlayer2.reel.instance4321")
    }

    @Test("a call to another object is refused")
    func otherObject() {
        let call = BusCall(path: "/org/other", interface: MPRISPlayer.playerInterface, member: "Play", arguments: [])
        let outcome = MPRISPlayer(state: Self.playing()).handle(call)
        #expect(outcome.commands.isEmpty)
        guard case .error(let name, _) = outcome.reply else { Issue.record("taken"); return }
        #expect(name == "org.freedesktop.DBus.Error.UnknownObject")
    }
}
