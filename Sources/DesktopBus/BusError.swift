import CDBus

/// A D-Bus operation that failed, with libdbus's error name and words when it gave them.
public struct BusError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What reel was doing: "connect", "register", "request the name …".
    public var operation: String
    /// libdbus's error name (`org.freedesktop.DBus.Error.NoServer`), or nil.
    public var name: String?
    public var message: String

    public init(operation: String, name: String? = nil, message: String) {
        self.operation = operation
        self.name = name
        self.message = message
    }

    public var description: String { "cannot \(operation): \(message)" }

    /// Runs `body` with a fresh `DBusError`; throws when libdbus set it, or when `body` gives
    /// nil (a call that failed without saying why, out of memory). The one place a C error
    /// becomes a Swift one.
    static func check<T>(_ operation: String, _ body: (UnsafeMutablePointer<DBusError>) -> T?) throws(BusError) -> T {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        let result = body(&error)
        if dbus_error_is_set(&error) != 0 {
            throw BusError(operation: operation, name: error.name.map { String(cString: $0) },
                           message: error.message.map { String(cString: $0) } ?? "unknown error")
        }
        guard let result else { throw BusError(operation: operation, message: "libdbus failed (out of memory?)") }
        return result
    }
}
