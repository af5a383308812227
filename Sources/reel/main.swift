import App
import Glibc
import Playback

// Two malloc arenas, not glibc's eight a core: each of mpv's threads (a player, and every
// background probe in the library) would otherwise get one of its own, and keep it. On a 500-file
// library that is 115 MB instead of 189 MB at the peak, probing no slower (scripts/bench-library).
// MALLOC_ARENA_MAX, when set, still decides.
// (mallopt is in <malloc.h>, which the Glibc module leaves out; M_ARENA_MAX is -8 there.)
if getenv("MALLOC_ARENA_MAX") == nil, let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    _ = unsafeBitCast(symbol, to: Mallopt.self)(-8, 2)
}

// Arguments are read as bytes, so that a file name that is not valid UTF-8 still names its file.
let arguments = (1..<Int(CommandLine.argc)).map { index -> String in
    guard let pointer = CommandLine.unsafeArgv[index] else { return "" }
    return FilePath(cString: pointer).text
}
exit(ReelApp.main(arguments: arguments))
