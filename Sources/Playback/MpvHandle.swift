import CMpv
import Glibc
import System

/// The single owner of one `mpv_handle`: creates it, and destroys it in `deinit`.
///
/// It holds the ``WakeSignal`` its callbacks write to, so the pipe outlives every callback. The
/// render context, when there is one, holds this handle, so it is always freed first.
final class MpvHandle {
    let raw: OpaquePointer
    let wake: WakeSignal

    /// Creates an uninitialized core. Options are set next, then ``initialize()``.
    init(wake: WakeSignal) throws(PlaybackError) {
        // mpv parses and prints numbers with the C locale; Foundation may have set another.
        setlocale(LC_NUMERIC, "C")
        guard let raw = mpv_create() else { throw PlaybackError.createFailed }
        self.raw = raw
        self.wake = wake
    }

    deinit {
        mpv_set_wakeup_callback(raw, nil, nil)
        mpv_terminate_destroy(raw)
    }

    func initialize() throws(MpvError) {
        try MpvError.check(mpv_initialize(raw), "initialize mpv")
        mpv_set_wakeup_callback(raw, WakeSignal.callback, wake.callbackContext)
    }

    // MARK: Options and properties

    func setOption(_ name: String, _ value: String) throws(MpvError) {
        try MpvError.check(mpv_set_option_string(raw, name, value), "option \(name)=\(value)")
    }

    func setProperty(_ name: String, _ value: String) throws(MpvError) {
        try MpvError.check(mpv_set_property_string(raw, name, value), "set \(name)")
    }

    func setProperty(_ name: String, _ value: Bool) throws(MpvError) {
        var flag: Int32 = value ? 1 : 0
        try MpvError.check(mpv_set_property(raw, name, MPV_FORMAT_FLAG, &flag), "set \(name)")
    }

    func setProperty(_ name: String, _ value: Double) throws(MpvError) {
        var number = value
        try MpvError.check(mpv_set_property(raw, name, MPV_FORMAT_DOUBLE, &number), "set \(name)")
    }

    func double(_ name: String) -> Double? {
        var value = 0.0
        return mpv_get_property(raw, name, MPV_FORMAT_DOUBLE, &value) >= 0 ? value : nil
    }

    func int64(_ name: String) -> Int64? {
        var value: Int64 = 0
        return mpv_get_property(raw, name, MPV_FORMAT_INT64, &value) >= 0 ? value : nil
    }

    func flag(_ name: String) -> Bool? {
        var value: Int32 = 0
        return mpv_get_property(raw, name, MPV_FORMAT_FLAG, &value) >= 0 ? value != 0 : nil
    }

    /// A property read as a node, given to `read` (its memory is mpv's, freed after), or nil.
    func node<Value>(_ name: String, _ read: (mpv_node) -> Value) -> Value? {
        var node = mpv_node()
        guard mpv_get_property(raw, name, MPV_FORMAT_NODE, &node) >= 0 else { return nil }
        defer { mpv_free_node_contents(&node) }
        return read(node)
    }

    /// A property as mpv prints it; a path in it keeps every byte (``FilePath/text``).
    func string(_ name: String) -> String? {
        guard let cString = mpv_get_property_string(raw, name) else { return nil }
        defer { mpv_free(cString) }
        return FilePath(cString: cString).text
    }

    /// `body`'s answer for a property read as a node (freed after), or nil when it is unavailable.
    func withNode<T>(_ name: String, _ body: (mpv_node) -> T?) -> T? {
        var node = mpv_node()
        guard mpv_get_property(raw, name, MPV_FORMAT_NODE, &node) >= 0 else { return nil }
        defer { mpv_free_node_contents(&node) }
        return body(node)
    }

    func observe(_ name: String, format: mpv_format, id: UInt64) throws(MpvError) {
        try MpvError.check(mpv_observe_property(raw, id, name, format), "observe \(name)")
    }

    // MARK: Commands

    /// Runs a command given as an argument array, waiting for it to finish.
    func command(_ arguments: [String]) throws(MpvError) {
        let code = withCArguments(arguments) { mpv_command(raw, $0) }
        try MpvError.check(code, arguments.joined(separator: " "))
    }

    /// Queues a command given as an argument array; its reply arrives as an event with `id`.
    func commandAsync(_ arguments: [String], id: UInt64) throws(MpvError) {
        let code = withCArguments(arguments) { mpv_command_async(raw, id, $0) }
        try MpvError.check(code, arguments.joined(separator: " "))
    }

    /// Calls `body` with a NULL-terminated `const char **` built from `arguments`, each turned
    /// back into the bytes it stands for (``PathEncoding``), so file names keep every byte.
    private func withCArguments<R>(_ arguments: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let duplicates = arguments.map { PathEncoding.withCString($0) { strdup($0) } }
        defer { duplicates.forEach { free($0) } }
        var pointers: [UnsafePointer<CChar>?] = duplicates.map { $0.map { UnsafePointer($0) } }
        pointers.append(nil)
        return body(&pointers)
    }
}

extension MpvHandle {
    /// Sets a list option (such as `sub-files`) from separate strings, as an mpv node list, so
    /// that no byte of an entry is ever read as a separator.
    func setOption(_ name: String, list: [String]) throws(MpvError) {
        let code = withNodeArray(list) { mpv_set_option(raw, name, MPV_FORMAT_NODE, &$0) }
        try MpvError.check(code, "option \(name)")
    }

    /// Runs a command given as an argument array and hands its result node to `read` (before
    /// mpv frees it).
    func command<R>(_ arguments: [String], reading read: (mpv_node) -> R) throws(MpvError) -> R {
        var result = mpv_node()
        let code = withNodeArray(arguments) { mpv_command_node(raw, &$0, &result) }
        try MpvError.check(code, arguments.joined(separator: " "))
        defer { mpv_free_node_contents(&result) }
        return read(result)
    }

    /// Calls `body` with an mpv node array of `strings`, each turned back into the bytes it
    /// stands for (``PathEncoding``).
    private func withNodeArray<R>(_ strings: [String], _ body: (inout mpv_node) -> R) -> R {
        let copies = strings.map { PathEncoding.withCString($0) { strdup($0) } }
        defer { copies.forEach { free($0) } }
        var nodes = copies.map { copy -> mpv_node in
            var node = mpv_node()
            node.format = MPV_FORMAT_STRING
            node.u.string = copy
            return node
        }
        return nodes.withUnsafeMutableBufferPointer { buffer in
            var array = mpv_node_list(num: Int32(buffer.count), values: buffer.baseAddress, keys: nil)
            return withUnsafeMutablePointer(to: &array) { arrayPointer in
                var node = mpv_node()
                node.format = MPV_FORMAT_NODE_ARRAY
                node.u.list = arrayPointer
                return body(&node)
            }
        }
    }
}
