import Options
import System
import Terminal

/// reel's exit guard: a small process that outlives reel and, once reel is gone however it went
/// (SIGKILL included, which nothing in reel can see), undoes what reel changed outside itself:
/// tmux's `allow-passthrough` for reel's pane, while it is still the `on` of reel's claim
/// (``PassthroughClaim``), and kitty's shared-memory images left in `/dev/shm`
/// (``SharedMemoryLeftovers``).
///
/// ``start(executable:)`` runs it before reel changes anything, through
/// ``ChildProcess/spawnDetached(_:arguments:)``: a session of its own (no terminal, no SIGHUP
/// when the terminal closes, none of the signals of reel's process group), /dev/null for its
/// output, `/` for its folder. Its standard input is a pipe whose only writer is reel
/// (close-on-exec, so mpv's and tmux's children hold none), which the kernel closes however
/// reel ends. While reel runs the guard is a shell (``waiter``) blocked in read(2) on that
/// pipe: no CPU and about 1.5 MB, where reel's own executable costs 0.13 CPU-s to load its
/// libraries and 65 MB of resident set. It ignores the requests to end (a `pkill reel`
/// reaches it too).
///
/// On a clean way out reel has put everything back itself, and says `done` on the pipe as the
/// run ends (``deinit``): the shell exits. Otherwise (the pipe ends without it) the shell runs
/// reel's executable in guard mode (``mode`` and reel's process id, ``main(arguments:environment:)``),
/// which removes reel's files from `/dev/shm` and, with one `tmux` run to look and one to
/// change, carries out ``PassthroughClaim/undo(current:found:owner:)`` for reel's id: a value
/// the user changed meanwhile, or a claim already undone, is left alone.
public final class ExitGuard {
    /// The first argument that makes reel's executable the guard's second stage.
    public static let mode = "--exit-guard"

    /// The guard's first stage, for `sh -c` with reel's executable as `$0` and its process id
    /// as `$1`: reads its input until `done` (a clean exit: nothing to do) or its end (reel is
    /// gone: reel's executable undoes what is left).
    static let waiter = """
        trap '' HUP INT QUIT TERM
        while IFS= read -r line; do [ "$line" = done ] && exit 0; done
        exec "$0" \(mode) "$1"
        """

    /// The write end of the guard's standard input, open until reel ends.
    private let lifeline: FileDescriptor
    /// The guard's process id.
    public let id: Int32

    private init(id: Int32, lifeline: FileDescriptor) {
        self.id = id
        self.lifeline = lifeline
    }

    /// Starts the guard of this process, whose second stage is `executable` (reel's own); the
    /// guard finds tmux's socket and reel's pane in `TMUX` and `TMUX_PANE`, as reel does. Nil
    /// when it cannot start (said in the trace: reel then undoes what it changed on every way
    /// out but SIGKILL, as before).
    public static func start(executable: FilePath? = CurrentProcess.executablePath()) -> ExitGuard? {
        guard let executable else {
            TraceLog.shared?.record("exit guard not started: no path to reel's executable")
            return nil
        }
        do {
            let (id, lifeline) = try ChildProcess.spawnDetached("/bin/sh", arguments: ["sh", "-c", waiter, executable.text,
                                                                                        "\(CurrentProcess.id)"])
            TraceLog.shared?.record("exit guard \(id) started")
            return ExitGuard(id: id, lifeline: lifeline)
        } catch {
            TraceLog.shared?.record("exit guard not started: \(error)")
            return nil
        }
    }

    /// The run is over and everything is put back: the guard ends without doing anything.
    deinit {
        ChildProcess.tell(lifeline, Array("done\n".utf8))
    }

    /// The guard's second stage: `arguments` after ``mode`` are reel's process id. Waits for the
    /// end of its input (reel's end: at once when the first stage ran it), then undoes what reel
    /// left; the exit code (2 for arguments that are not a process id).
    public static func main(arguments: [String], environment: [String: String]) -> Int32 {
        guard arguments.count == 1, let reel = Int32(arguments[0]), reel > 0 else { return 2 }
        ChildProcess.ignoreRequestsToEnd()
        ChildProcess.waitForEndOfInput()
        SharedMemoryLeftovers.remove(madeBy: reel)
        undoPassthrough(of: reel, environment: environment)
        return 0
    }

    /// Puts back `allow-passthrough` for the pane in `environment` (tmux's socket and the pane)
    /// when process `reel`'s claim is still there: one `tmux` run to look, one to undo.
    static func undoPassthrough(of reel: Int32, environment: [String: String]) {
        guard let server = TmuxClient.command(environment: environment), let pane = TmuxClient.pane(environment),
              let answer = TmuxClient.output(of: server + PassthroughClaim.query(pane: pane), timeout: TmuxClient.timeout) else { return }
        let state = PassthroughClaim.paneState(lines: TmuxClient.lines(answer))
        let undo = PassthroughClaim.undo(current: state.own, found: state.claim, owner: reel)
        guard undo != .nothing else { return }
        _ = TmuxClient.output(of: server + PassthroughClaim.commands(undo, pane: pane), timeout: TmuxClient.timeout)
    }
}
