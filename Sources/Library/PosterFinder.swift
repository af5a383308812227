import Drawing
import Playback
import Screens
import System

/// Where a poster's picture came from.
public enum PosterSource: Equatable {
    /// The file's own cover picture.
    case coverArt
    /// An image next to the file (`NAME.jpg`, `NAME.png` or `poster.jpg`).
    case sidecar(FilePath)
    /// The frame at 10 % of the file.
    case frame
    /// No picture at all: a card made from the title.
    case titleCard
}

/// Finds and renders the picture for a file's poster card, in short-lived mpv cores of its own:
/// the cover art when the file has one, else a sidecar image, else the frame at 10 %, else a
/// title card. It blocks, so it runs on a ``BackgroundJob``.
public enum PosterFinder {
    /// The picture for `path` at `width` × `height` square pixels, cropped to fill.
    public static func find(_ path: FilePath, width: Int, height: Int) -> (source: PosterSource, art: PosterArt) {
        var probe = MediaProbe(stillSize: (max(width, 1), max(height, 1)))
        probe.fillsStill = true
        let file = probe.probe(path)
        if case .playable(let info, let still?) = file, info.hasCoverArt { return (.coverArt, .picture(PixelBuffer(still))) }
        for candidate in sidecarCandidates(for: path) where isRegularFile(candidate) {
            if case .playable(_, let still?) = probe.probe(candidate) { return (.sidecar(candidate), .picture(PixelBuffer(still))) }
        }
        if case .playable(_, let still?) = file { return (.frame, .picture(PixelBuffer(still))) }
        return (.titleCard, .titleCard)
    }

    /// The sidecar images that may stand for `path`, first choice first: `NAME.jpg`, `NAME.png`
    /// and `poster.jpg` in the same folder, where NAME is the file's name without its extension.
    static func sidecarCandidates(for path: FilePath) -> [FilePath] {
        // A bare name's sidecars are bare names too.
        let beside = { (name: FilePath) in path.lastComponent == path ? name : path.removingLastComponent.appending(name) }
        return [beside(path.stem.addingSuffix(".jpg")), beside(path.stem.addingSuffix(".png")), beside("poster.jpg")]
    }

    /// Through ``InputCheck/kind(of:)``, so that a name that is not valid UTF-8 is found too.
    private static func isRegularFile(_ path: FilePath) -> Bool {
        if case .file = InputCheck.kind(of: path) { return true }
        return false
    }
}
