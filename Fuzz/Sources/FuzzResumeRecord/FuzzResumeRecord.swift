@testable import History
import System

/// libFuzzer entry: reads the bytes as a resume record, as ``ResumeStore`` reads the file.
///
/// The parser may not crash, and a record it accepts holds only values reel can pass to mpv.
/// Writing that record and reading it back must give it again: the key byte for byte, the text
/// unchanged, so that a record written once is read the same way every time after.
func fuzzResumeRecord(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let text = PathEncoding.string(fromBytes: UnsafeBufferPointer(start: data, count: size))
    guard let record = ResumeRecord(text: text) else { return 0 }
    precondition(!record.key.isEmpty, "a record with no key")
    precondition(record.position.isFinite && record.position >= 0, "bad position")
    if let duration = record.duration { precondition(duration.isFinite && duration >= 0, "bad duration") }
    if let progress = record.progress { precondition((0...1).contains(progress), "progress outside 0…1") }
    precondition(abs(record.subtitleDelay) <= 600 && abs(record.audioDelay) <= 600, "delay out of range")
    let written = record.text
    let lines = written.split(separator: "\n", omittingEmptySubsequences: false)
    precondition(lines.count <= 12 && lines.last == "", "a record written across more lines than it has fields")
    guard let again = ResumeRecord(text: PathEncoding.string(fromBytes: PathEncoding.bytes(of: written))) else {
        preconditionFailure("a record reel wrote that it cannot read")
    }
    precondition(again.key == record.key, "the key changed on the way through the file")
    precondition(again.text == written, "the record changed on the way through the file")
    return 0
}
