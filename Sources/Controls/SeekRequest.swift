/// A seek for the player to carry out.
public enum SeekRequest: Sendable, Equatable {
    /// Move by this many seconds from wherever playback is (negative goes back).
    case by(Seconds)
    /// Go to this time; `exact` asks for a precise seek, otherwise the nearest keyframe is fine.
    case to(Seconds, exact: Bool)

    /// This request followed by `next`, as one request with the same result.
    ///
    /// A relative move adds to a relative move and shifts an absolute target; an absolute target
    /// replaces whatever came before it.
    public func then(_ next: SeekRequest) -> SeekRequest {
        switch (self, next) {
        case let (.by(first), .by(second)): .by(first + second)
        case let (.to(time, exact), .by(delta)): .to(time + delta, exact: exact)
        case (_, .to): next
        }
    }
}
