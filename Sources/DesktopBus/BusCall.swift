/// A method call that came in on the bus, decoded: no C in it.
public struct BusCall: Sendable, Equatable {
    /// The object it is for: `/org/mpris/MediaPlayer2`.
    public var path: String
    /// The interface it names, if it names one (a caller may leave it out).
    public var interface: String?
    /// The method: `PlayPause`, `Get`.
    public var member: String
    /// Its arguments, in order, as far as reel reads their types (a value of another type ends
    /// the list, so that a check of the arguments refuses it).
    public var arguments: [BusValue]

    public init(path: String, interface: String?, member: String, arguments: [BusValue]) {
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }
}

/// The answer to a ``BusCall``.
public enum BusReply: Sendable, Equatable {
    /// A method return with these values (none for a method that returns nothing).
    case values([BusValue])
    /// An error reply: a D-Bus error name and a sentence.
    case error(name: String, message: String)

    /// `org.freedesktop.DBus.Error.InvalidArgs`.
    public static func invalidArguments(_ message: String) -> BusReply {
        .error(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message)
    }

    /// `org.freedesktop.DBus.Error.UnknownMethod`.
    public static func unknownMethod(_ call: BusCall) -> BusReply {
        .error(name: "org.freedesktop.DBus.Error.UnknownMethod",
               message: "no method \(call.member) on \(call.interface ?? "any interface") at \(call.path)")
    }
}
