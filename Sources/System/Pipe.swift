import Glibc

/// A pipe, both ends non-blocking and close-on-exec: the one self-pipe of reel.
///
/// A thread, a C callback or a signal handler writes to ``writeEnd`` (``write(_:to:)`` is
/// async-signal-safe: one `write(2)`); the loop polls ``readEnd`` and reads what came
/// (``readAvailable()``). ``WakeSignal`` is one with no message but "wake up"; the terminal's
/// signal relay writes signal numbers into one.
public final class Pipe: Sendable {
    /// The end to poll and read.
    public let readEnd: FileDescriptor
    /// The end to write to.
    public let writeEnd: FileDescriptor

    /// Opens the pipe; every `fcntl` is checked.
    public init() throws(SystemError) {
        var ends: [Int32] = [-1, -1]
        try SystemError.check("pipe") { pipe(&ends) }
        readEnd = FileDescriptor(owning: ends[0])
        writeEnd = FileDescriptor(owning: ends[1])
        for end in [readEnd, writeEnd] {
            try end.setNonBlocking()
            try end.setCloseOnExec()
        }
    }

    /// Everything written so far and not read yet, oldest first; never blocks.
    public func readAvailable() -> [UInt8] {
        var bytes: [UInt8] = []
        while let chunk = try? readEnd.read(upTo: 256), !chunk.isEmpty { bytes += chunk }
        return bytes
    }

    /// Writes one byte to the write end `descriptor`, with one `write(2)`: safe from any thread,
    /// a C callback or a signal handler. A full pipe is already readable, so it is no error.
    public static func write(_ byte: UInt8, to descriptor: Int32) {
        var byte = byte
        _ = Glibc.write(descriptor, &byte, 1)
    }
}
