import Drawing
import Terminal

/// iTerm2's inline images: `ESC ] 1337 ; File=key=value;… : base64 ESC \`, which iTerm2,
/// WezTerm, mlterm, Konsole and VS Code's terminal draw.
///
/// reel sends each picture as a PNG stretched over exactly its cells (`width` and `height` in
/// cells, `preserveAspectRatio=0`), drawn from the cursor's cell; the terminal draws it over the
/// cells there, so text on the picture is written again after it (``GraphicsRenderer``).
enum ITermImage {
    /// The sequence that draws `png` (a whole PNG file) over `columns` × `rows` cells from the
    /// cursor: inline, its size in bytes, no aspect kept, ended by ST.
    static func sequence(png: [UInt8], columns: Int, rows: Int) -> [UInt8] {
        let header = "\u{1B}]1337;File=inline=1;size=\(png.count);width=\(columns);height=\(rows);preserveAspectRatio=0:"
        var out = Array(header.utf8)
        out.reserveCapacity(out.count + Base64.encodedLength(png.count) + 2)
        png.withUnsafeBytes { Base64.encode($0, into: &out) }
        out += [0x1B, 0x5C]
        return out
    }

    /// The sequence for `pixels` over `columns` × `rows` cells: a PNG compressed fast (zlib level
    /// 1: a frame at 100x30 cells is a few hundred kilobytes, written for each frame); empty when
    /// it cannot be made.
    static func sequence(pixels: PixelBuffer, columns: Int, rows: Int) -> [UInt8] {
        guard let png = pixels.pngData(level: 1) else { return [] }
        return sequence(png: png, columns: columns, rows: rows)
    }
}
