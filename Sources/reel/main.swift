import App
import Glibc
import Playback

// Arguments are read as bytes, so that a file name that is not valid UTF-8 still names its file.
let arguments = (1..<Int(CommandLine.argc)).map { index -> String in
    guard let pointer = CommandLine.unsafeArgv[index] else { return "" }
    return PathEncoding.string(fromBytes: UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                                              count: strlen(pointer)))
}
exit(ReelApp.main(arguments: arguments))
