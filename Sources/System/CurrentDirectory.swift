import Glibc

/// The process's working directory, byte for byte, or "/" if it cannot be read.
public func currentDirectory() -> FilePath {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return "/" }
    return FilePath(bytes: buffer.lazy.map { UInt8(bitPattern: $0) })
}
