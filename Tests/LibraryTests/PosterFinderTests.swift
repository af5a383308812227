import Drawing
import Glibc
import Screens
import Terminal
import TestFiles
import Testing
@testable import Library
import Playback
import System

/// Which picture a poster gets: cover art, then a sidecar image, then the frame at 10 %, else a
/// title card; probed for real in short-lived mpv cores.
@Suite("Poster finder", .serialized)
struct PosterFinderTests {
    static func sample(_ name: String) -> FilePath { Samples.path(name) }

    /// A fresh folder holding a link to `sample` named `name`, plus copies of the sidecar picture
    /// under `sidecars`.
    static func folder(linking sample: String, as name: String, sidecars: [String]) throws -> String {
        let directory = "/tmp/reel-poster-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try #require(mkdir(directory, 0o700) == 0)
        symlink(Self.sample(sample).text, directory + "/" + name)
        let picture = try #require(fopen(Self.sample("sidecar.png").text, "rb"))
        defer { fclose(picture) }
        var bytes = [UInt8](repeating: 0, count: 65_536)
        let count = fread(&bytes, 1, bytes.count, picture)
        for sidecar in sidecars {
            let file = try #require(fopen(directory + "/" + sidecar, "wb"))
            fwrite(bytes, 1, count, file)
            fclose(file)
        }
        return directory
    }

    static func remove(_ directory: String) {
        if let listing = opendir(directory) {
            while let entry = readdir(listing) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != ".", name != ".." { unlink(directory + "/" + name) }
            }
            closedir(listing)
        }
        rmdir(directory)
    }

    /// The colour at the middle of a found picture.
    static func centre(_ art: PosterArt) -> RGB? {
        guard case .picture(let image) = art else { return nil }
        return image[image.width / 2, image.height / 2]
    }

    static func isClose(_ colour: RGB?, to expected: RGB) -> Bool {
        guard let colour else { return false }
        return colour.maxChannelDistance(to: expected) < 40
    }

    @Test("sidecar names: NAME.jpg, NAME.png, then poster.jpg, in the file's folder", arguments: [
        ("/v/movie.mkv", ["/v/movie.jpg", "/v/movie.png", "/v/poster.jpg"]),
        ("movie.mkv", ["movie.jpg", "movie.png", "poster.jpg"]),
        ("/v/a.b.mp4", ["/v/a.b.jpg", "/v/a.b.png", "/v/poster.jpg"]),
        ("/v/.hidden", ["/v/.hidden.jpg", "/v/.hidden.png", "/v/poster.jpg"]),
        ("/v/noext", ["/v/noext.jpg", "/v/noext.png", "/v/poster.jpg"]),
    ])
    func candidates(path: String, expected: [String]) {
        #expect(PosterFinder.sidecarCandidates(for: FilePath(path)) == expected.map { FilePath($0) })
    }

    @Test("a video's poster is its frame at 10 %")
    func frame() {
        let found = PosterFinder.find(Self.sample("segments.mp4"), width: 32, height: 18)
        #expect(found.source == .frame)
        #expect(Self.isClose(Self.centre(found.art), to: RGB(255, 0, 0)))
    }

    @Test("cover art wins over the frame, and over a sidecar", arguments: [[], ["clip.png", "poster.jpg"]])
    func coverArt(sidecars: [String]) throws {
        let directory = try Self.folder(linking: "covered.mp4", as: "clip.mp4", sidecars: sidecars)
        defer { Self.remove(directory) }
        let found = PosterFinder.find(FilePath(directory + "/clip.mp4"), width: 32, height: 18)
        #expect(found.source == .coverArt)
        #expect(Self.isClose(Self.centre(found.art), to: RGB(255, 0, 255)))
    }

    @Test("a sidecar wins over the frame: NAME.jpg first, then NAME.png, then poster.jpg", arguments: [
        (["clip.png"], "clip.png"), (["poster.jpg"], "poster.jpg"), (["poster.jpg", "clip.png"], "clip.png"),
        (["clip.jpg", "clip.png"], "clip.jpg"),
    ])
    func sidecar(files: [String], winner: String) throws {
        let directory = try Self.folder(linking: "segments.mp4", as: "clip.mp4", sidecars: files)
        defer { Self.remove(directory) }
        let found = PosterFinder.find(FilePath(directory + "/clip.mp4"), width: 32, height: 18)
        #expect(found.source == .sidecar(FilePath(directory + "/" + winner)))
        #expect(Self.isClose(Self.centre(found.art), to: RGB(0, 255, 255)))
    }

    @Test("a sound file's cover is its poster; without one it gets a title card")
    func soundFiles() {
        let covered = PosterFinder.find(Self.sample("cover.mp3"), width: 32, height: 18)
        #expect(covered.source == .coverArt)
        #expect(Self.isClose(Self.centre(covered.art), to: RGB(255, 0, 255)))
        let bare = PosterFinder.find(Self.sample("tone.mp3"), width: 32, height: 18)
        #expect(bare.source == .titleCard)
        #expect(bare.art == .titleCard)
    }

    @Test("the picture is made at the size asked for")
    func size() {
        let found = PosterFinder.find(Self.sample("portrait.mp4"), width: 40, height: 22)
        guard case .picture(let image) = found.art else { Issue.record("no picture"); return }
        #expect(image.width == 40 && image.height == 22)
        // Filled, not letterboxed: the left edge is picture, not black.
        #expect(image[0, 11] != .black)
    }
}
