import CSystem
import Glibc

/// The standard descriptors (0, 1, 2) that were closed when reel started, and were put on
/// /dev/null by ``openMissingStandardDescriptors()``.
nonisolated(unsafe) public private(set) var closedAtStart: Set<Int32> = []
// nonisolated(unsafe): written once by main before any other thread exists.

/// Puts /dev/null on each of fds 0, 1 and 2 that is closed, so that no file reel opens later
/// (the terminal, a log, a resume record) lands there and is taken for stdin, stdout or stderr.
/// `main` calls it first, before anything opens a file. Remembers which were closed
/// (``closedAtStart``): `reel -` with stdin closed has nothing to read.
public func openMissingStandardDescriptors() {
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
        // open(2) takes the lowest free descriptor: this one, since those below it are open.
        let opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
        if opened >= 0, opened != descriptor {
            dup2(opened, descriptor)
            close(opened)
        }
        closedAtStart.insert(descriptor)
    }
}

/// This process: its id, its memory, and the settings `main` makes before anything starts.
public enum CurrentProcess {
    /// The process id.
    public static var id: Int32 { getpid() }

    /// The path of this process's executable (`/proc/self/exe`), nil when it cannot be read.
    public static func executablePath() -> FilePath? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return FilePath(bytes: buffer.prefix(count).map { UInt8(bitPattern: $0) })
    }

    /// The largest resident set so far, in KiB.
    public static func maxResidentKiB() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }

    /// Limits glibc's malloc to `count` arenas (`mallopt(M_ARENA_MAX)`), unless
    /// `MALLOC_ARENA_MAX` is set, which then decides.
    public static func limitMallocArenas(to count: Int32) {
        guard getenv("MALLOC_ARENA_MAX") == nil else { return }
        _ = reel_set_malloc_arena_limit(count)
    }

    /// Calls `name`, a C function of no arguments, when a library in the process defines it.
    public static func callIfPresent(_ name: String) {
        _ = reel_call_if_present(name)
    }

    /// Ends the process with `code`, without returning.
    public static func exit(_ code: Int32) -> Never { Glibc.exit(code) }

    /// Reads one line from standard input (fd 0), without its newline: at most `limit` bytes,
    /// and nothing after the first newline is read.
    public static func readLineFromStandardInput(limit: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count < limit, retryingInterrupts({ read(0, &byte, 1) }) == 1, byte != UInt8(ascii: "\n") { bytes.append(byte) }
        return bytes
    }
}
