import Terminal

/// The one owner of tmux's `allow-passthrough` for reel's pane: it turns it on for that pane only
/// when it is off (tmux's default), and puts it back as it found it, once, on every way out.
///
/// The ways out: ``restore()`` after the terminal is restored, when the run returns (q, a
/// relayed SIGTERM, SIGINT or SIGHUP, a lost terminal, an error), and a prepared command
/// (``TerminalSession/runOnFatalSignal(command:)``) that the signal handlers run on a fault or a
/// second terminating signal. Only SIGKILL leaves it on.
final class PanePassthrough {
    /// The `tmux` command that puts the option back.
    let restoreCommand: [String]
    private var restored = false

    /// The commands that turn passthrough on for `pane` and put back `own` (the pane's own value,
    /// nil when it had none and inherited the window's), after `server` (`tmux -S <socket>`).
    static func commands(server: [String], pane: String, own: String?) -> (on: [String], back: [String]) {
        let on = server + ["set-option", "-p", "-t", pane, "allow-passthrough", "on"]
        let back = own.map { server + ["set-option", "-p", "-t", pane, "allow-passthrough", $0] }
            ?? server + ["set-option", "-p", "-u", "-t", pane, "allow-passthrough"]
        return (on, back)
    }

    /// Turns passthrough on for reel's pane when `view` says it is off there and tmux has the
    /// option; nil when nothing was changed (it was on, tmux is older than 3.3, or tmux failed).
    static func turnOn(view: TmuxView, environment: [String: String]) -> PanePassthrough? {
        guard view.hasPassthroughOption, !view.passthroughAllowed,
              let server = TmuxClient.command(environment: environment), let pane = TmuxClient.pane(environment) else { return nil }
        let (on, back) = commands(server: server, pane: pane, own: view.paneOwnPassthrough)
        // Prepared before the change, so that a fault from here on puts it back too.
        TerminalSession.runOnFatalSignal(command: back)
        guard TmuxClient.output(of: on, timeout: TmuxClient.timeout) != nil else {
            TerminalSession.runOnFatalSignal(command: nil)
            return nil
        }
        TraceLog.shared?.record("tmux allow-passthrough on for \(pane) (was \(view.paneOwnPassthrough ?? "inherited \(view.passthrough)"))")
        return PanePassthrough(restoreCommand: back)
    }

    private init(restoreCommand: [String]) {
        self.restoreCommand = restoreCommand
    }

    deinit {
        restore()
    }

    /// Puts the option back as it was (once; later calls do nothing).
    func restore() {
        guard !restored else { return }
        restored = true
        TerminalSession.runOnFatalSignal(command: nil)
        _ = TmuxClient.output(of: restoreCommand, timeout: TmuxClient.timeout)
        TraceLog.shared?.record("tmux allow-passthrough restored: \(restoreCommand.dropFirst(3).joined(separator: " "))")
    }
}
