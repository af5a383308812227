import Controls
import Playback

/// A seek the core asks for, as mpv's command.
extension Player {
    /// Sends `request` (a relative seek exact, an absolute one exact or to a keyframe); returns
    /// its command's id. Throws what mpv refused.
    func send(_ request: SeekRequest) throws -> UInt64 {
        switch request {
        case .by(let seconds): try seek(by: seconds, precision: .exact)
        case .to(let target, let exact): try seek(to: target, precision: exact ? .exact : .keyframe)
        }
    }
}
