import Options

/// libFuzzer entry: splits the bytes at NULs into command-line arguments and parses them.
///
/// The parser may not crash, a run it accepts must have sane values, and its error
/// lines must stay one short, inert line. reel.conf's parser has a target of its own (FuzzConfigFile).
func fuzzOptions(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    do {
        let options = try ReelOptions.parse(arguments)
        if options.action == .run {
            // A run with no paths is `reel` alone: the continue-watching list.
            precondition(options.player.chrome.hideDelay >= 0 && options.player.chrome.hideDelay.isFinite, "bad hide delay")
            // nil follows the video's own ratio; a given one is always usable.
            if let aspect = options.posterCard.aspectRatio { precondition(aspect > 0 && aspect.isFinite, "bad aspect") }
        }
    } catch {
        let line = error.description
        precondition(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "control character in an error line")
        precondition(line.unicodeScalars.count < 400, "error line too long")
    }
    return 0
}
