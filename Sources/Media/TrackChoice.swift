/// Which track of a kind to play: mpv's `auto`, `no`, or an id.
public enum TrackChoice: Sendable, Equatable {
    /// mpv picks, by the language lists and the file's default flags.
    case auto
    /// None of this kind.
    case none
    /// mpv's track id (1-based within its kind).
    case id(Int)

    /// The value for mpv's `aid`, `sid` or `secondary-sid`.
    public var optionValue: String {
        switch self {
        case .auto: "auto"
        case .none: "no"
        case .id(let id): String(id)
        }
    }

    /// Reads mpv's value back: `auto`, `no`, or a number; nil for anything else.
    public init?(optionValue: String) {
        switch optionValue {
        case "auto": self = .auto
        case "no", "": self = .none
        default:
            guard let id = Int(optionValue), id > 0 else { return nil }
            self = .id(id)
        }
    }
}
