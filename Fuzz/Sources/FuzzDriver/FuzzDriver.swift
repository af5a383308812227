import Glibc

// libFuzzer's driver, from the runtime that -sanitize=fuzzer links in.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// Hands `callback` to libFuzzer with the process's arguments and exits with its status.
///
/// SwiftPM owns `main` for executables, so each fuzz target's main calls this instead of letting
/// libFuzzer supply one.
public func runFuzzer(_ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(runFuzzerDriver(&argc, &argv, callback))
}
