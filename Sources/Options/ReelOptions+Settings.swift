import Commands
import Playback
import Screens
import System

extension ReelOptions {
    /// The options and keys in force: reel.conf's (unless `--no-config`), with the command line
    /// over them. Errors in either are usage errors (exit 2), found before the terminal is touched.
    public static func settings(_ arguments: [String], environment: [String: String]) throws -> (ReelOptions, CommandTable) {
        var base = ReelOptions()
        base.takeEnvironment(environment)
        // A path's ~/ is $HOME's, as in mpv, on the command line and in reel.conf.
        let home = environment["HOME"]
        var options = try ReelOptions.parse(arguments, over: base, home: home)
        var config: ConfigFile?
        // --help shows the keys in force, so it reads the file too; --version and the generators
        // print what reel itself is.
        if options.readsConfig, options.action == .run || options.action == .help {
            config = try ConfigFile.load(environment: environment)
            if var file = config?.options {
                file.takeEnvironment(environment)
                options = try ReelOptions.parse(arguments, over: file, home: home)
            }
        }
        let skips = options.player.skips
        let standard = options.keys.table(seekInterval: skips.interval, doubleTapWindow: skips.doubleTapWindow)
        return (options, config?.bound(standard) ?? standard)
    }

    /// What reel prints for `action` instead of playing, or nil for `.run`.
    public static func text(for action: ReelOptions.Action, commands: CommandTable) -> String? {
        switch action {
        case .run, .forgetAll:
            return nil
        case .help:
            return HelpText.usage(commands: commands) + "\n"
        case .version:
            // The short-lived mpv core that tells the version prints nothing, but any library it
            // loads might: keep fd 2 off the terminal meanwhile.
            StandardError.divert(to: nil)
            defer { StandardError.restore() }
            return HelpText.versionLine(libmpv: .current()) + "\n"
        case .manual:
            return ManPage.text()
        case .completions(let shell):
            return Completions.script(for: shell)
        }
    }
}
