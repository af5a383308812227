import CMpv

/// An error reported by libmpv, typed by its error code and carrying mpv's own words.
///
/// Every mpv call that returns an error code goes through ``MpvError/check(_:_:)``, so this is the
/// only place where a C error code becomes a Swift value.
public struct MpvError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of error libmpv distinguishes, one per `mpv_error` code.
    public enum Kind: Sendable, Equatable {
        case eventQueueFull, noMemory, uninitialized, invalidParameter
        case optionNotFound, optionFormat, optionError
        case propertyNotFound, propertyFormat, propertyUnavailable, propertyError
        case command, loadingFailed, audioOutputInitFailed, videoOutputInitFailed
        case nothingToPlay, unknownFormat, unsupported, notImplemented, generic
        /// A code this version of reel does not know.
        case other(Int32)
    }

    /// The raw `mpv_error` code (negative).
    public let code: Int32
    /// What was being done, such as `set option vo` or `loadfile`.
    public let operation: String
    /// `mpv_error_string(code)`: mpv's short reason, such as "unrecognized file format".
    public let reason: String
    /// A more specific line from mpv's log, when one explains the failure.
    public var detail: String?

    /// Makes an error from an mpv error code.
    public init(code: Int32, operation: String, detail: String? = nil) {
        self.code = code
        self.operation = operation
        self.reason = String(cString: mpv_error_string(code))
        self.detail = detail
    }

    /// The kind of failure, from the code.
    public var kind: Kind {
        switch mpv_error(code) {
        case MPV_ERROR_EVENT_QUEUE_FULL: .eventQueueFull
        case MPV_ERROR_NOMEM: .noMemory
        case MPV_ERROR_UNINITIALIZED: .uninitialized
        case MPV_ERROR_INVALID_PARAMETER: .invalidParameter
        case MPV_ERROR_OPTION_NOT_FOUND: .optionNotFound
        case MPV_ERROR_OPTION_FORMAT: .optionFormat
        case MPV_ERROR_OPTION_ERROR: .optionError
        case MPV_ERROR_PROPERTY_NOT_FOUND: .propertyNotFound
        case MPV_ERROR_PROPERTY_FORMAT: .propertyFormat
        case MPV_ERROR_PROPERTY_UNAVAILABLE: .propertyUnavailable
        case MPV_ERROR_PROPERTY_ERROR: .propertyError
        case MPV_ERROR_COMMAND: .command
        case MPV_ERROR_LOADING_FAILED: .loadingFailed
        case MPV_ERROR_AO_INIT_FAILED: .audioOutputInitFailed
        case MPV_ERROR_VO_INIT_FAILED: .videoOutputInitFailed
        case MPV_ERROR_NOTHING_TO_PLAY: .nothingToPlay
        case MPV_ERROR_UNKNOWN_FORMAT: .unknownFormat
        case MPV_ERROR_UNSUPPORTED: .unsupported
        case MPV_ERROR_NOT_IMPLEMENTED: .notImplemented
        case MPV_ERROR_GENERIC: .generic
        default: .other(code)
        }
    }

    /// The most useful single-line explanation: mpv's log detail when there is one, else its reason.
    public var explanation: String { detail ?? reason }

    public var description: String { "\(operation): \(explanation)" }

    /// Throws an ``MpvError`` when `code` is an mpv error (negative); returns it otherwise.
    @discardableResult
    static func check(_ code: Int32, _ operation: @autoclosure () -> String) throws(MpvError) -> Int32 {
        if code < 0 { throw MpvError(code: code, operation: operation()) }
        return code
    }
}
