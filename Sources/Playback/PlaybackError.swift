/// A failure in the playback layer that does not come from mpv itself.
public enum PlaybackError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `mpv_create` returned nothing (out of memory, or a broken libmpv).
    case createFailed
    /// The player has no render context, so it cannot produce frames.
    case noRenderContext
    /// Memory given to render into holds fewer bytes than a `width` × `height` frame needs.
    case targetTooSmall(bytes: Int, width: Int, height: Int)

    public var description: String {
        switch self {
        case .createFailed: "mpv could not be created"
        case .noRenderContext: "video rendering is not set up"
        case let .targetTooSmall(bytes, width, height): "\(bytes) bytes cannot hold a \(width)x\(height) frame"
        }
    }
}
