/// reel's note on a tmux pane whose `allow-passthrough` it turned on: which reel did (its
/// process id) and the pane's own value before (nil: it had none and inherited the window's).
/// Pure.
///
/// It is kept in tmux itself, as the pane's user option ``option`` (`@reel-passthrough 4242:-`),
/// set with `on` and removed with the value put back, so that whoever undoes the change (reel on
/// its way out, its exit guard after a SIGKILL, a later reel that finds the claim of one that died
/// with its guard) knows what to put back, and that it is still reel's to put back:
/// ``undo(current:found:owner:)``.
public struct PassthroughClaim: Sendable, Equatable {
    /// The process that turned passthrough on.
    public var process: Int32
    /// The pane's own `allow-passthrough` before (nil: unset).
    public var own: String?

    /// The pane's user option that holds the claim.
    public static let option = "@reel-passthrough"

    public init(process: Int32, own: String?) {
        self.process = process
        self.own = own
    }

    /// The option's value: the process id, `:`, the own value or `-` for none.
    public var text: String { "\(process):\(own ?? "-")" }

    /// The claim `text` says (``text``'s form), nil when it is not one.
    public init?(text: String) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let process = Int32(parts[0]), process > 0, !parts[1].isEmpty,
              parts[1].allSatisfy({ $0.isLetter || $0.isNumber }) || parts[1] == "-" else { return nil }
        self.process = process
        own = parts[1] == "-" ? nil : String(parts[1])
    }

    /// What undoing a claim does to the pane.
    public enum Undo: Sendable, Equatable {
        /// Nothing: no claim of that process is there (it was undone, or another reel's is).
        case nothing
        /// Only the claim goes: the pane's value is no longer the `on` reel set (someone changed
        /// it since, and it is theirs now).
        case forget
        /// The pane's own value goes back to `own` (unset when nil), and the claim goes.
        case putBack(own: String?)
    }

    /// What to do for `owner`'s claim on a pane whose own `allow-passthrough` is `current` (nil:
    /// unset) and whose claim is `found`: put back the value before only while the pane still
    /// has the `on` reel set (3.3a may say 1), and touch nothing that is not `owner`'s.
    public static func undo(current: String?, found: PassthroughClaim?, owner: Int32) -> Undo {
        guard let found, found.process == owner else { return .nothing }
        return current == "on" || current == "1" ? .putBack(own: found.own) : .forget
    }

    /// tmux's commands (one run, apart by `;` arguments, after `tmux -S <socket>`) that turn
    /// passthrough on for `pane` and set this claim.
    public func claimCommands(pane: String) -> [String] {
        ["set-option", "-p", "-t", pane, "allow-passthrough", "on", ";", "set-option", "-p", "-t", pane, Self.option, text]
    }

    /// tmux's commands (as ``claimCommands(pane:)``) that carry out `undo` on `pane`; empty for
    /// ``Undo/nothing``.
    public static func commands(_ undo: Undo, pane: String) -> [String] {
        let forget = ["set-option", "-p", "-u", "-t", pane, option]
        switch undo {
        case .nothing: return []
        case .forget: return forget
        case .putBack(let own?): return ["set-option", "-p", "-t", pane, "allow-passthrough", own, ";"] + forget
        case .putBack(nil): return ["set-option", "-p", "-u", "-t", pane, "allow-passthrough", ";"] + forget
        }
    }

    /// tmux's commands (as ``claimCommands(pane:)``) that say `pane`'s own `allow-passthrough`
    /// and its claim, one line each, nothing for what the pane does not set:
    /// ``TmuxView/init(lines:)`` and ``paneState(lines:)`` read them.
    public static func query(pane: String?) -> [String] {
        let target = pane.map { ["-t", $0] } ?? []
        return ["show-options", "-p", "-q"] + target + ["allow-passthrough", ";", "show-options", "-p", "-q"] + target + [option]
    }

    /// The pane's own `allow-passthrough` and its claim in `lines` (tmux's answer to ``query(pane:)``
    /// among others): `allow-passthrough on`, `@reel-passthrough 4242:-`.
    public static func paneState(lines: [String]) -> (own: String?, claim: PassthroughClaim?) {
        var own: String?, claim: PassthroughClaim?
        for line in lines {
            let words = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard words.count == 2 else { continue }
            if words[0] == "allow-passthrough" { own = words[1] }
            if words[0] == option { claim = PassthroughClaim(text: words[1]) }
        }
        return (own, claim)
    }
}
