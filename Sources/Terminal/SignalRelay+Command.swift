#if canImport(Glibc)
import Glibc
#endif

extension SignalRelay {
    /// A command a fatal signal's handler (or a second terminating signal's) runs after restoring
    /// the terminal, to undo what reel changed outside it (tmux's `allow-passthrough` for its
    /// pane): the program's full path, then its NULL-terminated argument vector, made before any
    /// handler can need them, since a handler cannot allocate.
    ///
    /// `nonisolated(unsafe)`: written by the main thread (``setEmergencyCommand(_:)``), read by
    /// the handlers; the old vector is never freed, so a handler reading it meanwhile is safe.
    nonisolated(unsafe) static var emergencyProgram: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) static var emergencyArguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?

    /// Sets the command for ``runEmergencyCommand()`` (nil: none). The program (the first
    /// argument) is looked up on `PATH` now; a program not found there sets none.
    static func setEmergencyCommand(_ arguments: [String]?) {
        guard let arguments, let name = arguments.first, let path = executablePath(name) else {
            emergencyArguments = nil
            emergencyProgram = nil
            return
        }
        let vector = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: arguments.count + 1)
        for (k, argument) in arguments.enumerated() { vector[k] = strdup(argument) }
        vector[arguments.count] = nil
        emergencyProgram = strdup(path)
        emergencyArguments = vector
    }

    /// Runs the command of ``setEmergencyCommand(_:)`` and waits for it, with async-signal-safe
    /// calls only (`fork`, `execve`, `_exit`, `waitpid`), once.
    static func runEmergencyCommand() {
        guard let program = emergencyProgram, let arguments = emergencyArguments else { return }
        emergencyProgram = nil  // once
        let child = fork()
        if child == 0 {
            execve(program, arguments, environ)
            _exit(127)
        }
        guard child > 0 else { return }
        var status: Int32 = 0
        _ = waitpid(child, &status, 0)
    }

    /// The full path of `name` found on `PATH` (or `name` itself when it has a slash), nil when
    /// no executable is there.
    static func executablePath(_ name: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
