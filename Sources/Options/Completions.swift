/// Shell completion scripts for reel, written from the table of options (``OptionSpec/all``).
///
/// `reel --completions=bash|zsh|fish` prints one; the files in completions/ are their output, kept
/// in the repository and checked by a test, and the install script and the package install them.
public enum Completions {
    /// A shell reel completes in.
    public enum Shell: String, Sendable, CaseIterable {
        case bash, zsh, fish

        /// The file name the shell looks for: `reel`, `_reel`, `reel.fish`.
        public var fileName: String {
            switch self {
            case .bash: "reel"
            case .zsh: "_reel"
            case .fish: "reel.fish"
            }
        }
    }

    /// The completion script for `shell`.
    public static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash()
        case .zsh: zsh()
        case .fish: fish()
        }
    }

    public static func header(_ shell: Shell) -> String {
        "\(shell.rawValue) completion for reel(1), written by `reel --completions=\(shell.rawValue)` from reel's table of options: do not edit."
    }

    /// What the other spelling of a flag does: `--no-mute` undoes `--mute`, `--resume` `--no-resume`.
    static func opposite(_ spec: OptionSpec) -> String {
        "undo --\(spec.shownOff ? "no-" : "")\(spec.name) (from reel.conf, say)"
    }

    /// Each spelling of each option with what it does, the shown spelling first.
    static func spellings() -> [(option: String, spec: OptionSpec, help: String)] {
        OptionSpec.shown.flatMap { spec -> [(String, OptionSpec, String)] in
            guard spec.kind == .flag else { return spec.spellings.map { ($0, spec, spec.helpText) } }
            let on = ("--" + spec.name, spec, spec.shownOff ? opposite(spec) : spec.helpText)
            let off = ("--no-" + spec.name, spec, spec.shownOff ? spec.helpText : opposite(spec))
            return spec.shownOff ? [off, on] : [on, off]
        }
    }

    /// The words a value may be, when they are few: a choice's (aliases included), and a
    /// flag's yes or no.
    public static func words(_ spec: OptionSpec) -> [String]? {
        switch spec.kind {
        case .choice: spec.choiceWords
        case .flag: ["yes", "no"]
        default: nil
        }
    }

    // MARK: bash

    static func bash() -> String {
        let valued = OptionSpec.shown.filter(\.takesValue)
        let options = spellings().map { $0.spec.takesValue ? $0.option + "=" : $0.option }
        var cases: [String] = []
        for spec in OptionSpec.shown {
            if case .path = spec.kind {
                cases.append("        --\(spec.name)) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\") ;;")
            } else if let words = words(spec) {
                let names = spec.kind == .flag ? "--\(spec.name)|--no-\(spec.name)" : "--\(spec.name)"
                cases.append("        \(names)) mapfile -t COMPREPLY < <(compgen -W '\(words.joined(separator: " "))' -- \"$cur\") ;;")
            }
        }
        return """
            # \(header(.bash))
            _reel() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev= option= prefix= i
                (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}
                # After --, every word is a file.
                for (( i = 1; i < COMP_CWORD; i++ )); do
                    [[ ${COMP_WORDS[i]} == -- ]] && return 0
                done
                # The option whose value is being typed: --x=VALUE (split at = or not), or --x VALUE.
                if [[ $cur == = ]]; then
                    option=$prev cur=
                elif [[ $prev == = ]] && (( COMP_CWORD > 1 )); then
                    option=${COMP_WORDS[COMP_CWORD-2]}
                elif [[ $cur == --*=* ]]; then
                    option=${cur%%=*} prefix=${cur%%=*}= cur=${cur#*=}
                elif [[ ' \(valued.map { "--" + $0.name }.joined(separator: " ")) ' == *" $prev "* ]]; then
                    option=$prev
                fi
                if [[ -n $option ]]; then
                    case $option in
            \(cases.joined(separator: "\n"))
                    *) compopt +o default 2>/dev/null; COMPREPLY=() ;;
                    esac
                    [[ -n $prefix ]] && COMPREPLY=("${COMPREPLY[@]/#/$prefix}")
                    return 0
                fi
                if [[ $cur == -* ]]; then
                    mapfile -t COMPREPLY < <(compgen -W '\(options.joined(separator: " "))' -- "$cur")
                    [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *= ]] && compopt -o nospace 2>/dev/null
                    return 0
                fi
                # Anything else is a file, a folder or a URL: bash's own completion (-o default).
            }
            complete -o default -F _reel reel

            """
    }

    // MARK: zsh

    static func zsh() -> String {
        func quoted(_ text: String) -> String { "'" + text.replacing("'", with: "'\\''") + "'" }
        func described(_ text: String) -> String {
            text.replacing("\\", with: "\\\\").replacing("[", with: "\\[").replacing("]", with: "\\]")
        }
        var lines: [String] = []
        for (option, spec, help) in spellings() {
            let exclusive = spec.kind == .flag ? "(--\(spec.name) --no-\(spec.name))" : ""
            let repeated = spec.name == "sub-file" ? "*" : ""
            var line = exclusive + repeated + option
            let value: String
            switch spec.kind {
            case .flag, .bare: value = ""
            case .value(let placeholder): value = "=:\(placeholder.lowercased()): "
            case .choice: value = "=:\(spec.name):(\(spec.choiceWords.joined(separator: " ")))"
            case .path(let placeholder): value = "=:\(placeholder.lowercased()):_files"
            }
            if let equals = value.firstIndex(of: "=") {
                line += "=[\(described(help))]" + value[value.index(after: equals)...]
            } else {
                line += "[\(described(help))]"
            }
            lines.append("  " + quoted(line))
        }
        lines.append("  " + quoted("*:video file, folder or URL:_files"))
        return """
            #compdef reel
            # \(header(.zsh))
            local -a options
            options=(
            \(lines.joined(separator: "\n"))
            )
            _arguments -S $options

            """
    }

    // MARK: fish

    static func fish() -> String {
        func quoted(_ text: String) -> String {
            "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
        }
        var lines = ["# " + header(.fish)]
        for (option, spec, help) in spellings() {
            var line = "complete -c reel " + (option.hasPrefix("--") ? "-l " + option.dropFirst(2) : "-s " + option.dropFirst())
            switch spec.kind {
            case .flag, .bare: break
            case .value: line += " -x"
            case .choice: line += " -x -a " + quoted(spec.choiceWords.joined(separator: " "))
            case .path: line += " -r -F"
            }
            lines.append(line + " -d " + quoted(help))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
