import Commands
import Screens

/// What reaches the scenes from outside the keys: IPC clients' and MPRIS's commands, what mpv's
/// IPC clients did, and the commands every scene answers alike.
extension AppLoop {
    /// Runs what came from outside the terminal, as the keys would in the scene on top: the
    /// commands of IPC clients (`script-message reel …`) and MPRIS's calls, after MPRIS has been
    /// told the session's state. `seeked`: mpv restarted playback at a new place.
    func runOutsideCommands(seeked: Bool, now: Double) {
        var commands = playback.clients.take()
        if let desktop { commands += desktop.pass(session: playback, playerShown: top is PlayerScene, seeked: seeked) }
        for command in commands {
            guard exitCode == nil, let scene = top else { return }
            if let global = GlobalCommand(command) {
                run(global, on: scene, now: now)
            } else {
                apply(scene.run(command, now: now), now: now)
            }
        }
    }

    /// Follows what a client of mpv's IPC socket did, as mpv reported it: its `quit` ends the run
    /// as q does (the place was saved as mpv stopped the file), and a file it loaded while the
    /// list or a card showed opens the player on it.
    func follow(_ result: PumpResult, now: Double) {
        if result.mpvQuit {
            apply(.quit(0), now: now)
        } else if result.startedFromOutside, exitCode == nil, !(top is PlayerScene), let item = playback.core.currentItem {
            apply(.go(.player(item: item, reveal: false)), now: now)
        }
    }

    /// Carries out a command every scene answers alike: here, once, for all of them.
    func run(_ command: GlobalCommand, on scene: Scene, now: Double) {
        switch command {
        case .showHelp: scene.setHelpShown(true, now: now)
        case .closeHelp: scene.setHelpShown(false, now: now)
        case .turnHelpPage(let pages): scene.turnHelpPage(by: pages, now: now)
        case .quit: apply(.quit(0), now: now)
        case .interrupt: apply(.interrupt, now: now)
        case .suspend: apply(.suspend, now: now)
        case .redraw: apply(.redraw, now: now)
        }
    }
}
