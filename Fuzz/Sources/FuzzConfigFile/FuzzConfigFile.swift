import Options

/// libFuzzer entry: reads the bytes as a reel.conf, as reel reads the file.
///
/// The parser may not crash. A file it accepts gives settings reel can use and bindings on lines
/// the file has; a file it refuses gives one short, inert error line naming a line the file has.
func fuzzConfigFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // At most one line per line feed or carriage return, plus the last.
    let lineCount = text.utf8.count { $0 == 0x0A || $0 == 0x0D } + 1
    do {
        let config = try ConfigFile.parse(text, path: "/fuzz/reel.conf")
        let options = config.options
        precondition(options.player.chrome.hideDelay >= 0 && options.player.chrome.hideDelay.isFinite, "bad hide delay from the file")
        if let aspect = options.posterCard.aspectRatio { precondition(aspect > 0 && aspect.isFinite, "bad aspect from the file") }
        precondition(options.paths.isEmpty, "a file or folder taken from the file")
        for binding in config.bindings {
            precondition((1...lineCount).contains(binding.line), "a binding on a line the file lacks")
        }
    } catch {
        if let number = error.line { precondition((1...lineCount).contains(number), "an error on a line the file lacks") }
        let line = error.description
        precondition(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "control character in a reel.conf error")
        precondition(line.unicodeScalars.count < 400, "reel.conf error line too long")
    }
    return 0
}
