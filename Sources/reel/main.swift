import App
import System

// First of all: a closed stdin, stdout or stderr gets /dev/null, before any open(2) can land there.
openMissingStandardDescriptors()

// Two malloc arenas, not glibc's eight a core: each of mpv's threads (a player, and every
// background probe in the library) would otherwise get one of its own, and keep it. On a 500-file
// library that is 115 MB instead of 189 MB at the peak, probing no slower (scripts/bench-library).
// MALLOC_ARENA_MAX, when set, still decides.
CurrentProcess.limitMallocArenas(to: 2)

// libmpv brings in OpenBLAS (through libavfilter's speech recognition, pocketsphinx), which
// starts a thread per core as it loads, each spinning about 0.2 s for work that never comes:
// about 0.1 CPU-s at every start, 8 % of reel's CPU over a 10 s clip in kitty (perf). reel makes
// no BLAS call; the threads stop here, and a BLAS call would start them again.
CurrentProcess.callIfPresent("blas_thread_shutdown_")

// Arguments are read as bytes, so that a file name that is not valid UTF-8 still names its file.
let arguments = (1..<Int(CommandLine.argc)).map { index -> String in
    guard let pointer = CommandLine.unsafeArgv[index] else { return "" }
    return FilePath(cString: pointer).text
}
CurrentProcess.exit(ReelApp.main(arguments: arguments))
