import History
import Options
import Playback
import System

extension ReelApp {
    /// `reel --forget-all`: asks on stderr, reads the answer from standard input, and forgets
    /// every resume record on y or yes. Exit 0 either way; 1 when the records cannot be read.
    static func forgetAll(environment: [String: String]) -> Int32 {
        guard let directory = ResumeStore.defaultDirectory(environment: environment) else {
            printError("reel: no history: neither XDG_STATE_HOME nor HOME is set")
            return 1
        }
        let count = ResumeStore.records(in: directory).count
        guard count > 0 else {
            printError("reel: nothing to forget: no records in \(UsageError.visible(directory.description))")
            return 0
        }
        let what = count == 1 ? "the 1 record" : "all \(count) records"
        printError("reel: forget \(what) of what you watched, in \(UsageError.visible(directory.description))? [y/N]")
        let answer = readAnswer().lowercased()
        guard answer == "y" || answer == "yes" else {
            printError("reel: nothing forgotten")
            return 0
        }
        let forgotten = ResumeStore(directory: directory).forgetAll()
        printError("reel: forgot \(forgotten == 1 ? "1 record" : "\(forgotten) records")")
        return 0
    }

    /// One line from standard input, without its newline and surrounding blanks ("" at its end).
    private static func readAnswer() -> String {
        String(decoding: CurrentProcess.readLineFromStandardInput(limit: 64), as: UTF8.self).trimmingBlanks
    }

    /// What the empty continue-watching list says: what to type, the main keys, where the
    /// configuration lives.
    static func howToStart(environment: [String: String]) -> [String] {
        let config = ConfigFile.defaultPath(environment: environment).map { UsageError.visible($0.description) } ?? "~/.config/reel/reel.conf"
        return [
            "",
            "Play something:  reel movie.mkv   ·   reel ~/Videos   ·   reel https://host/talk.mp4",
            "While playing:  Space pause  ·  ← ← / → → skip  ·  t tracks  ·  ? keys  ·  q quit (your place is kept)",
            "What you watch comes back here, newest first.",
            "Options and keys: \(config)   ·   reel --help",
            "",
            "q quits",
        ]
    }
}

extension String {
    /// The text without spaces, tabs and carriage returns at either end.
    var trimmingBlanks: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        return String(drop(while: blank).reversed().drop(while: blank).reversed())
    }
}
