import CDBus
import Glibc

/// One connection to a D-Bus bus, through libdbus: the one owner of the `DBusConnection`,
/// closed and released in `deinit`.
///
/// It never blocks the loop once it is set up: its descriptor (``fileDescriptor``) goes into
/// the app's poll, ``dispatch(_:)`` reads what has come and answers each method call at once,
/// and what is still to be written goes out as the socket takes it (``wantsWritable``).
public final class BusConnection {
    private let raw: OpaquePointer
    /// The bus's name for this connection (`:1.42`).
    public let uniqueName: String

    /// The session bus that `DBUS_SESSION_BUS_ADDRESS` names, or nil when there is none (SSH, a
    /// console, CI): reel never starts a bus, so an `autolaunch:` address counts as none.
    public static func session(environment: [String: String]) throws(BusError) -> BusConnection? {
        guard let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty,
              !address.split(separator: ";").contains(where: { $0.hasPrefix("autolaunch:") }) else { return nil }
        return try BusConnection(address: address)
    }

    /// Connects to the bus at `address` and says hello to it.
    public init(address: String) throws(BusError) {
        let connection = try BusError.check("connect to the bus") { dbus_connection_open_private(address, $0) }
        // A bus that goes away must not end reel (libdbus's default calls _exit).
        dbus_connection_set_exit_on_disconnect(connection, 0)
        do {
            _ = try BusError.check("register on the bus") { error -> Bool? in dbus_bus_register(connection, error) != 0 ? true : nil }
        } catch {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            throw error
        }
        raw = connection
        uniqueName = dbus_bus_get_unique_name(connection).map { String(cString: $0) } ?? ""
    }

    deinit {
        dbus_connection_close(raw)
        dbus_connection_unref(raw)
    }

    /// Becomes the owner of `name`; throws when another connection has it.
    public func requestName(_ name: String) throws(BusError) {
        let operation = "own the name \(name)"
        let result = try BusError.check(operation) { error -> Int32? in
            let code = dbus_bus_request_name(raw, name, UInt32(DBUS_NAME_FLAG_DO_NOT_QUEUE), error)
            return code < 0 ? nil : code
        }
        guard result == DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER else {
            throw BusError(operation: operation, message: "another connection owns it")
        }
    }

    /// The socket to poll for reading (and for writing while ``wantsWritable``).
    public var fileDescriptor: Int32 {
        var descriptor: Int32 = -1
        return dbus_connection_get_unix_fd(raw, &descriptor) != 0 ? descriptor : -1
    }

    /// Whether messages wait to be written.
    public var wantsWritable: Bool { dbus_connection_has_messages_to_send(raw) != 0 }

    /// Whether libdbus already holds messages it has read, so the loop must not sleep.
    public var hasBufferedMessages: Bool { dbus_connection_get_dispatch_status(raw) == DBUS_DISPATCH_DATA_REMAINS }

    /// Whether the bus is still there.
    public var isConnected: Bool { dbus_connection_get_is_connected(raw) != 0 }

    /// Reads what the socket has, without waiting, and answers every method call that came
    /// with `handler`'s reply (a call that asked for none gets none); then writes what it can.
    /// Signals and other messages are let go.
    public func dispatch(_ handler: (BusCall) -> BusReply) {
        _ = dbus_connection_read_write(raw, 0)
        while let message = dbus_connection_pop_message(raw) {
            defer { dbus_message_unref(message) }
            guard dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_METHOD_CALL else { continue }
            let call = BusCall(path: dbus_message_get_path(message).map { String(cString: $0) } ?? "",
                               interface: dbus_message_get_interface(message).map { String(cString: $0) },
                               member: dbus_message_get_member(message).map { String(cString: $0) } ?? "",
                               arguments: BusConnection.arguments(of: message))
            let reply = handler(call)
            if dbus_message_get_no_reply(message) == 0 { send(reply, to: message) }
        }
        flush()
    }

    /// Sends a signal from `path`.
    public func emit(path: String, interface: String, member: String, _ values: [BusValue]) {
        guard let message = dbus_message_new_signal(path, interface, member) else { return }
        defer { dbus_message_unref(message) }
        guard BusConnection.append(values, to: message) else { return }
        _ = dbus_connection_send(raw, message, nil)
        flush()
    }

    /// Writes what the socket takes now, without waiting.
    public func flush() {
        if wantsWritable { _ = dbus_connection_read_write(raw, 0) }
    }

    private func send(_ reply: BusReply, to call: OpaquePointer) {
        let message: OpaquePointer?
        switch reply {
        case .values(let values):
            message = dbus_message_new_method_return(call)
            if let message, !BusConnection.append(values, to: message) {
                dbus_message_unref(message)
                send(.error(name: "org.freedesktop.DBus.Error.Failed", message: "reel could not write the reply"), to: call)
                return
            }
        case .error(let name, let text):
            message = dbus_message_new_error(call, name, text)
        }
        guard let message else { return }
        defer { dbus_message_unref(message) }
        _ = dbus_connection_send(raw, message, nil)
    }
}
