import Options
import System
import Graphics
import Terminal

/// The one owner of tmux's `allow-passthrough` for reel's pane: it turns it on for that pane only
/// when it is off (tmux's default), and puts it back as it found it, once, on every way out.
///
/// The change carries reel's claim (``PassthroughClaim``, a user option of the pane naming
/// reel's process and the value before), set with `on` and removed with the value put back.
/// The ways out: ``restore()`` after the terminal is restored, when the run returns (q, a
/// relayed SIGTERM, SIGINT or SIGHUP, a lost terminal, an error); a prepared command
/// (``TerminalSession/runOnFatalSignal(command:)``) that the signal handlers run on a fault or a
/// second terminating signal; and for SIGKILL, which nothing in reel sees, the exit guard
/// (``ExitGuard``), a process of its own that undoes the claim within moments of reel's end. A
/// claim left by a reel that died with its guard is undone by the next reel to start in that
/// pane (``reclaim(view:environment:)``), which so never takes a leaked `on` for the user's.
public final class PanePassthrough {
    /// The `tmux` command that puts the option back and removes the claim.
    let restoreCommand: [String]
    private var restored = false

    /// The commands that turn passthrough on for `pane` with `claim` and put back its value
    /// before, after `server` (`tmux -S <socket>`).
    public static func commands(server: [String], pane: String, claim: PassthroughClaim) -> (on: [String], back: [String]) {
        (server + claim.claimCommands(pane: pane),
         server + PassthroughClaim.commands(.putBack(own: claim.own), pane: pane))
    }

    /// Turns passthrough on for reel's pane when `view` says it is off there and tmux has the
    /// option; nil when nothing was changed (it was on, tmux is older than 3.3, or tmux failed).
    static func turnOn(view: TmuxView, environment: [String: String]) -> PanePassthrough? {
        guard view.hasPassthroughOption, !view.passthroughAllowed,
              let server = TmuxClient.command(environment: environment), let pane = TmuxClient.pane(environment) else { return nil }
        let claim = PassthroughClaim(process: CurrentProcess.id, own: view.paneOwnPassthrough)
        let (on, back) = commands(server: server, pane: pane, claim: claim)
        // Prepared before the change, so that a fault from here on puts it back too.
        TerminalSession.runOnFatalSignal(command: back)
        guard TmuxClient.output(of: on, timeout: TmuxClient.timeout) != nil else {
            TerminalSession.runOnFatalSignal(command: nil)
            return nil
        }
        TraceLog.shared?.record("tmux allow-passthrough on for \(pane) (was \(view.paneOwnPassthrough ?? "inherited \(view.passthrough)"))")
        return PanePassthrough(restoreCommand: back)
    }

    /// `view` as it is once a claim left there by a reel that is gone is undone (its value put
    /// back, when the pane still has its `on`), asked of tmux again; `view` itself when the pane
    /// has no such claim (none, or a running reel's, or this one's).
    static func reclaim(view: TmuxView, environment: [String: String]) -> TmuxView? {
        guard let claim = view.passthroughClaim, claim.process != CurrentProcess.id, !ChildProcess.exists(claim.process),
              let server = TmuxClient.command(environment: environment), let pane = TmuxClient.pane(environment) else { return view }
        let undo = PassthroughClaim.undo(current: view.paneOwnPassthrough, found: claim, owner: claim.process)
        _ = TmuxClient.output(of: server + PassthroughClaim.commands(undo, pane: pane), timeout: TmuxClient.timeout)
        TraceLog.shared?.record("tmux: the claim of reel \(claim.process), gone, undone: \(undo)")
        return TmuxClient.view(environment: environment)
    }

    private init(restoreCommand: [String]) {
        self.restoreCommand = restoreCommand
    }

    deinit {
        restore()
    }

    /// Puts the option back as it was (once; later calls do nothing).
    public func restore() {
        guard !restored else { return }
        restored = true
        TerminalSession.runOnFatalSignal(command: nil)
        _ = TmuxClient.output(of: restoreCommand, timeout: TmuxClient.timeout)
        TraceLog.shared?.record("tmux allow-passthrough restored: \(restoreCommand.dropFirst(3).prefix { $0 != ";" }.joined(separator: " "))")
    }
}
