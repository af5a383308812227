import Terminal

/// The commands of kitty's terminal graphics protocol that reel sends: APC sequences
/// `ESC _ G key=value,… ; payload ESC \`.
///
/// Video goes under the text (`z=-1`), so the controls, captions and notices drawn as cells sit
/// on top; cells with a background of their own are cut out of the picture (alpha 0), since
/// kitty before 0.28 draws every image with a negative z above all cell backgrounds. Each image
/// is placed with the cursor left where it was (`C=1`), at exactly its cells (`c`, `r`).
enum KittyGraphics {
    /// The most base64 characters in one chunk of direct data, as the protocol asks.
    static let chunkSize = 4096
    /// The stacking order of video: under the glyphs.
    static let zIndex = -1

    /// The pixel layout of the data: RGB, or RGBA when cells are cut out of the picture.
    enum Format: Int {
        case rgb = 24
        case rgba = 32

        /// Bytes per pixel.
        var bytesPerPixel: Int { self == .rgb ? 3 : 4 }
    }

    /// The keys that transmit image `id` of `width` × `height` pixels and place it at the cursor
    /// over `columns` × `rows` cells, under the text, answering when done.
    static func placementKeys(id: UInt32, format: Format, width: Int, height: Int, columns: Int, rows: Int) -> String {
        "a=T,f=\(format.rawValue),s=\(width),v=\(height),i=\(id),p=1,c=\(columns),r=\(rows),C=1,z=\(zIndex)"
    }

    /// Transmits and places an image whose data kitty reads from shared-memory object `name`
    /// (`byteCount` bytes), which it then removes.
    static func transmitShared(keys: String, name: String, byteCount: Int, into out: inout [UInt8]) {
        out += command("\(keys),t=s,S=\(byteCount)", payload: Base64.encode(Array(name.utf8)))
    }

    /// Transmits and places an image whose pixels kitty reads from the start of the file at
    /// `path`, which it leaves (`t=f`).
    static func transmitFile(keys: String, path: String, byteCount: Int, into out: inout [UInt8]) {
        out += command("\(keys),t=f,S=\(byteCount)", payload: Base64.encode(Array(path.utf8)))
    }

    /// Transmits and places an image whose zlib-compressed data travels in the escape codes,
    /// base64-encoded in chunks of at most ``chunkSize`` characters.
    static func transmitDirect(keys: String, compressed: [UInt8], into out: inout [UInt8]) {
        var payload: [UInt8] = []
        compressed.withUnsafeBytes { Base64.encode($0, into: &payload) }
        appendChunked(firstKeys: "\(keys),t=d,o=z", payload: payload, into: &out)
    }

    /// Appends `payload` in chunks: the first carries `firstKeys`, each but the last `m=1`.
    static func appendChunked(firstKeys: String, payload: [UInt8], into out: inout [UInt8]) {
        var start = 0
        repeat {
            let end = min(start + chunkSize, payload.count)
            let more = end < payload.count
            let keys = start == 0 ? firstKeys + (more ? ",m=1" : "") : (more ? "m=1" : "m=0")
            out += Array("\u{1B}_G\(keys);".utf8)
            out += payload[start..<end]
            out += [0x1B, 0x5C]
            start = end
        } while start < payload.count
    }

    /// Deletes image `id` and frees its data, silently.
    static func delete(id: UInt32) -> [UInt8] {
        command("a=d,d=I,i=\(id),q=2", payload: [])
    }

    /// Deletes every image placed on the screen and frees their data, silently: on the way out.
    static let deleteAll: [UInt8] = command("a=d,d=A,q=2", payload: [])

    /// One command: `ESC _ G keys ; payload ESC \` (no `;` without a payload).
    static func command(_ keys: String, payload: [UInt8]) -> [UInt8] {
        var out = Array("\u{1B}_G\(keys)".utf8)
        if !payload.isEmpty {
            out.append(0x3B)
            out += payload
        }
        out += [0x1B, 0x5C]
        return out
    }
}
