@testable import Desktop
import DesktopBus
import Testing
@testable import App

/// Test support: an ``MPRISBus`` with no bus. It hands the service the calls a test queues and
/// records the replies and the signals.
final class FakeBus: MPRISBus {
    var isConnected = true
    var fileDescriptor: Int32 { 9 }
    var wantsWritable = false
    var hasBufferedMessages = false
    /// What the next ``dispatch(_:)`` answers.
    var calls: [BusCall] = []
    /// The replies given, oldest first.
    var replies: [BusReply] = []
    /// The signals sent, oldest first.
    var signals: [MPRISPlayer.Signal] = []

    func dispatch(_ handler: (BusCall) -> BusReply) {
        defer { calls.removeAll() }
        replies += calls.map(handler)
    }

    func emit(path: String, interface: String, member: String, _ values: [BusValue]) {
        #expect(path == MPRISPlayer.path)
        signals.append(MPRISPlayer.Signal(interface: interface, member: member, values: values))
    }
}
