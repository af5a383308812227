/// What `TERM` says about the terminal: whether it takes the escape sequences reel draws with.
public enum TerminalType: Sendable, Equatable {
    /// Any named terminal but `dumb`: cursor movement, colours and the alternate screen work.
    case capable
    /// `TERM=dumb`, or TERM empty or unset (an editor's shell buffer, a pipe-like console, a
    /// cron job): text only. `description` says which, as "TERM=dumb" or "TERM is not set".
    case textOnly(description: String)

    /// The type `environment`'s `TERM` names.
    public init(environment: [String: String]) {
        switch environment["TERM"] {
        case nil: self = .textOnly(description: "TERM is not set")
        case ""?: self = .textOnly(description: "TERM is empty")
        case "dumb"?: self = .textOnly(description: "TERM=dumb")
        default: self = .capable
        }
    }
}
