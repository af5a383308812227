import Glibc

/// A failure in the playback layer that does not come from mpv itself.
public enum PlaybackError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A system call failed with `errno`.
    case system(call: String, errno: Int32)
    /// `mpv_create` returned nothing (out of memory, or a broken libmpv).
    case createFailed
    /// The player has no render context, so it cannot produce frames.
    case noRenderContext

    public var description: String {
        switch self {
        case let .system(call, code): "\(call): \(String(cString: strerror(code)))"
        case .createFailed: "mpv could not be created"
        case .noRenderContext: "video rendering is not set up"
        }
    }
}
