import App

/// libFuzzer entry: splits the bytes at NULs into command-line arguments and parses them, and
/// reads the same bytes as a reel.conf. Neither parser may crash, and their error lines must stay
/// one short, inert line.
func fuzzOptions(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    do {
        let options = try ReelOptions.parse(arguments)
        if options.action == .run {
            precondition(!options.paths.isEmpty, "a run with no paths")
            precondition(options.hideDelay >= 0 && options.hideDelay.isFinite, "bad hide delay")
            precondition(options.aspect > 0 && options.aspect.isFinite, "bad aspect")
        }
    } catch {
        let line = error.description
        precondition(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "control character in an error line")
        precondition(line.unicodeScalars.count < 400, "error line too long")
    }
    do {
        let config = try ConfigFile.parse(String(decoding: bytes, as: UTF8.self), path: "/fuzz/reel.conf")
        precondition(config.options.hideDelay >= 0 && config.options.aspect > 0, "bad settings from the file")
    } catch {
        let line = error.description
        precondition(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "control character in a reel.conf error")
        precondition(line.unicodeScalars.count < 400, "reel.conf error line too long")
    }
    return 0
}
