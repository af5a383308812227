import Playback
import Screens

extension ReelApp {
    /// The options and keys in force, from the command line. Errors are usage errors (exit 2),
    /// found before the terminal is touched.
    static func settings(_ arguments: [String], environment: [String: String]) throws -> (ReelOptions, CommandTable) {
        let options = try ReelOptions.parse(arguments)
        return (options, CommandTable.standard(seekInterval: options.seekInterval))
    }

    /// What reel prints for `action` instead of playing, or nil for `.run`.
    static func text(for action: ReelOptions.Action, commands: CommandTable) -> String? {
        switch action {
        case .run:
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
