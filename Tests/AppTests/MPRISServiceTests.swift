@testable import Desktop
import DesktopBus
import Testing
@testable import App

/// The MPRIS service over a fake bus and a session with a fake player: what one pass of the loop
/// publishes, how the calls that came are answered, and the commands they give the loop.
@Suite("MPRIS service with a fake bus")
struct MPRISServiceTests {
    /// A service on a fake bus, and a session playing its first item (`One`, 60 s) with its player.
    static func started() -> (MPRISService, FakeBus, PlaybackSession, FakePlayer) {
        let bus = FakeBus()
        let (session, player) = PlaybackSessionFakeTests.playing()
        return (MPRISService(bus: bus, art: nil), bus, session, player)
    }

    static func call(_ member: String, _ arguments: [BusValue] = [], interface: String = MPRISPlayer.playerInterface) -> BusCall {
        BusCall(path: MPRISPlayer.path, interface: interface, member: member, arguments: arguments)
    }

    /// The names of the properties a `PropertiesChanged` says changed.
    static func changed(_ signal: MPRISPlayer.Signal?) -> [String] {
        guard let signal, signal.member == "PropertiesChanged", case .dictionary(let entries) = signal.values[1] else { return [] }
        return entries.map(\.key)
    }

    @Test("the first pass says what differs from a stopped player; a pass with nothing new says nothing")
    func publishes() {
        let (service, bus, session, _) = Self.started()
        #expect(service.pass(session: session, playerShown: true, seeked: false).isEmpty)
        #expect(bus.signals.count == 1)
        #expect(Self.changed(bus.signals.first) == ["PlaybackStatus", "Metadata", "CanGoNext", "CanPlay", "CanPause", "CanSeek"])
        _ = service.pass(session: session, playerShown: true, seeked: false)
        #expect(bus.signals.count == 1)
    }

    @Test("a pause is one PropertiesChanged with PlaybackStatus; a restart at a new place is Seeked, in microseconds")
    func pauseAndSeek() {
        let (service, bus, session, player) = Self.started()
        _ = service.pass(session: session, playerShown: true, seeked: false)
        player.state.isPaused = true
        session.refreshStatus()
        _ = service.pass(session: session, playerShown: true, seeked: false)
        #expect(Self.changed(bus.signals.last) == ["PlaybackStatus"])
        player.state.position = 42.5
        session.refreshStatus()
        _ = service.pass(session: session, playerShown: true, seeked: true)
        #expect(bus.signals.last == MPRISPlayer.Signal(interface: MPRISPlayer.playerInterface, member: "Seeked",
                                                       values: [.int64(42_500_000)]))
        #expect(bus.signals.count == 3, "the position alone is no PropertiesChanged")
    }

    @Test("the calls that came are answered from the state just published, and their commands go to the loop in order")
    func calls() {
        let (service, bus, session, _) = Self.started()
        bus.calls = [Self.call("PlayPause"), Self.call("Next"), Self.call("Previous"),
                     Self.call("Get", [.string(MPRISPlayer.playerInterface), .string("PlaybackStatus")],
                               interface: MPRISPlayer.propertiesInterface)]
        #expect(service.pass(session: session, playerShown: true, seeked: false) == [.cyclePause, .playlistNext])
        #expect(bus.replies == [.values([]), .values([]), .values([]), .values([.variant(.string("Playing"))])],
                "Previous from the first item does nothing, and says so by no error")
        #expect(service.pass(session: session, playerShown: true, seeked: false).isEmpty, "the commands are handed over once")
    }

    @Test("outside the player nothing can be played, paused or skipped from the bus")
    func playerHidden() {
        let (service, bus, session, _) = Self.started()
        bus.calls = [Self.call("PlayPause"), Self.call("Next"), Self.call("Seek", [.int64(5_000_000)])]
        #expect(service.pass(session: session, playerShown: false, seeked: false).isEmpty)
        #expect(bus.replies == [.values([]), .values([]), .values([])])
        #expect(!Self.changed(bus.signals.first).contains("CanPause"))
    }

    @Test("once the bus has gone, a pass sends and reads nothing, and the loop stops polling its socket")
    func disconnected() {
        let (service, bus, session, _) = Self.started()
        bus.isConnected = false
        bus.calls = [Self.call("PlayPause")]
        #expect(service.pass(session: session, playerShown: true, seeked: true).isEmpty)
        #expect(bus.signals.isEmpty && bus.replies.isEmpty)
        #expect(service.pollEvents.descriptor == -1 && service.pollEvents.events.isEmpty)
    }

    @Test("the loop polls the socket for reading, and for writing while messages wait; read messages keep it awake")
    func polling() {
        let (service, bus, _, _) = Self.started()
        #expect(service.pollEvents.descriptor == 9 && service.pollEvents.events == .readable)
        bus.wantsWritable = true
        #expect(service.pollEvents.events == [.readable, .writable])
        #expect(!service.hasWork)
        bus.hasBufferedMessages = true
        #expect(service.hasWork)
        #expect(service.wakeDescriptors.isEmpty, "no cover art is being made")
    }

    @Test("the session's numbers as MPRIS reads them: length, rate, volume over 100, loop-file as Track, paused")
    func numbers() {
        let (_, _, session, player) = Self.started()
        player.state.speed = 1.5
        player.state.volume = 80
        player.state.loopsFile = true
        player.state.isPaused = true
        player.state.position = 12
        session.refreshStatus()
        let state = MPRISService.state(of: session, playerShown: true, artURL: "file:///art/one.png")
        #expect(state.status == .paused && state.position == 12 && state.length == 60)
        #expect(state.rate == 1.5 && state.volume == 0.8 && state.loop == .track)
        #expect(state.artURL == "file:///art/one.png" && state.canLoopPlaylist && !state.loopsPlaylist && !state.shuffle)
        #expect(state.canPlay && state.canPause && state.canSeek)
    }
}
