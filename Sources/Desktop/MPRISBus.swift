import DesktopBus

/// What ``MPRISService`` needs of the session bus: its socket for the loop's poll, the calls that
/// came in, and signals out.
///
/// ``BusConnection`` is the real one. Tests give a fake, so that what the service publishes and
/// what the calls turn into are checked with numbers and no bus (the real bus is the end-to-end
/// tests').
public protocol MPRISBus: AnyObject {
    /// Whether the bus is still there.
    var isConnected: Bool { get }
    /// The socket to poll for reading (and for writing while ``wantsWritable``).
    var fileDescriptor: Int32 { get }
    /// Whether messages wait to be written.
    var wantsWritable: Bool { get }
    /// Whether messages are already read and waiting.
    var hasBufferedMessages: Bool { get }
    /// Answers every method call that came, with `handler`'s reply, without waiting.
    func dispatch(_ handler: (BusCall) -> BusReply)
    /// Sends a signal from `path`.
    func emit(path: String, interface: String, member: String, _ values: [BusValue])
}

extension BusConnection: MPRISBus {}
