// swift-tools-version:6.0
import PackageDescription

/// reel: a video player for the terminal, built on libmpv.
///
/// Layers (see docs/architecture.md): `System` is the one shim over the C library, and each
/// system library has one owner (`CMpv` Playback's, `CZlib` Drawing's, `CDBus` DesktopBus's);
/// `Formatting` (numbers, times and names as text) and `Media` (what mpv reports, held once) are
/// leaves; `Controls` (the engines), `Session` (the playback session's decisions) and `Drawing`
/// (cells, canvases, pixel buffers and their encoders) are pure; only `Terminal` touches the
/// tty, and `Graphics` makes the pictures' bytes for it (kitty, sixel, iTerm2's images);
/// `Commands` (the table of commands), `ScreenParts`, `TextSearch` and `ListScreen` sit under
/// `Screens`, which composes; the app's concepts are targets of their own (`Options`,
/// `Library`, `History`, `Desktop`, `Tmux`, `MediaJobs`); `App` wires them; `reel` is `main`.
let package = Package(
    name: "reel",
    products: [
        .executable(name: "reel", targets: ["reel"]),
        .library(name: "Media", targets: ["Media"]),
        .library(name: "Playback", targets: ["Playback"]),
        .library(name: "Controls", targets: ["Controls"]),
        .library(name: "Session", targets: ["Session"]),
        .library(name: "Drawing", targets: ["Drawing"]),
        .library(name: "Terminal", targets: ["Terminal"]),
        .library(name: "Graphics", targets: ["Graphics"]),
        .library(name: "Formatting", targets: ["Formatting"]),
        .library(name: "System", targets: ["System"]),
        // The options and the resume records, so that Fuzz/ can drive their parsers.
        .library(name: "Options", targets: ["Options"]),
        .library(name: "History", targets: ["History"]),
    ],
    targets: [
        // The C calls Swift's Glibc module leaves out (fstatfs, mallopt, dlsym): System's alone.
        .systemLibrary(name: "CSystem"),
        .systemLibrary(
            name: "CMpv",
            pkgConfig: "mpv",
            providers: [.apt(["libmpv-dev"])]
        ),
        // zlib compresses kitty graphics frames for a terminal on another machine, and PNGs: Drawing's alone.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // libdbus-1, for MPRIS2 on the session bus: owned by DesktopBus alone.
        .systemLibrary(
            name: "CDBus",
            pkgConfig: "dbus-1",
            providers: [.apt(["libdbus-1-dev"])]
        ),
        // The one system shim: descriptors, pipes, poll, paths, files, errors, the environment.
        .target(name: "System", dependencies: ["CSystem"]),
        // What mpv reports, held once (`PlayerState`, `Track`): Playback fills it, the screens read it. Pure.
        .target(name: "Media"),
        .target(name: "Playback", dependencies: ["CMpv", "Media", "Formatting", "System"]),
        // The one owner of a D-Bus connection, and the values that travel on it.
        .target(name: "DesktopBus", dependencies: ["CDBus"]),
        // Numbers, times, sizes and dates as text, and names in natural order: a leaf.
        .target(name: "Formatting"),
        .target(name: "Controls", dependencies: ["Formatting"]),
        // The playback session's decisions above the engines: pure, time passed in, no mpv.
        .target(name: "Session", dependencies: ["Controls", "Formatting", "Media"]),
        // The two hot loops, in C (see its header): the sextant and octant blitters' per-cell fits,
        // and the screen renderer's rows, the one judge of each cell; and the cell record Cell wraps.
        .target(name: "CBlitter"),
        // The values screens draw with (cells, canvases, rects, pixel buffers) and their pure
        // encoders (cells from pixels, PNG): no tty, no system calls.
        .target(name: "Drawing", dependencies: ["CZlib", "CBlitter"]),
        .target(name: "Terminal", dependencies: ["Drawing", "CBlitter", "System"]),
        // The pictures in the terminal's pixels, as bytes and decisions over Terminal's facts: kitty's
        // graphics (shared memory, placeholders), sixel, iTerm2's images, the frame of cells and
        // images; it writes nothing to the tty itself.
        .target(name: "Graphics", dependencies: ["Drawing", "CBlitter", "Terminal", "System"]),
        // The table of commands: keys, mpv-style command lines, help text and the screens each runs on.
        .target(name: "Commands", dependencies: ["Controls", "Formatting", "Terminal"]),
        // What every screen draws with: the theme, the `?` overlay, fades and shapes, the spoken lines.
        .target(name: "ScreenParts", dependencies: ["Drawing"]),
        // Text matched as people type it: folded text, the incremental filter, the subtitle search.
        .target(name: "TextSearch", dependencies: ["ScreenParts", "Controls", "Drawing", "Formatting"]),
        // The list (library) screen: its items, layout, input, history and scan.
        .target(name: "ListScreen", dependencies: ["Commands", "ScreenParts", "TextSearch", "Controls", "Drawing", "Formatting", "Terminal"]),
        .target(name: "Screens", dependencies: ["Controls", "Session", "Formatting", "Drawing", "Terminal", "Media", "Commands", "ScreenParts", "TextSearch"]),
        // The options: the table of them, the command line, reel.conf, help, the man page and
        // completions, and their checks; and the --trace log.
        .target(name: "Options", dependencies: ["Controls", "Formatting", "Playback", "Screens", "Session", "System", "Terminal", "Media", "Graphics", "Commands", "ListScreen"]),
        // What there is to play: the arguments checked, folders scanned (in order, in batches),
        // each file probed, its thumbnail cached, a poster card's picture found.
        .target(name: "Library", dependencies: ["Controls", "Drawing", "Formatting", "Options", "Playback", "Screens", "System", "Media", "Commands"]),
        // What was watched: the resume records on disk, the watch history over them, the
        // playlist's items and how a URL is shown.
        .target(name: "History", dependencies: ["Controls", "Formatting", "Playback", "Screens", "System", "Commands", "ListScreen"]),
        // reel on the desktop: MPRIS on the session bus (over DesktopBus) with its cover art, and
        // mpv's IPC socket.
        .target(name: "Desktop", dependencies: ["Controls", "DesktopBus", "Drawing", "Formatting", "Library", "Options", "Playback", "Screens", "System", "Commands"]),
        // reel inside tmux: the tmux client, the pane's watcher, passthrough and pictures, and the
        // exit guard that undoes them.
        .target(name: "Tmux", dependencies: ["Drawing", "Options", "Playback", "System", "Terminal", "Graphics", "Commands"]),
        // What reel asks of mpv and FFmpeg beside the session: video frames as pixels, the scrub
        // preview, screenshots, a subtitle track's lines.
        .target(name: "MediaJobs", dependencies: ["Controls", "Drawing", "Formatting", "History", "Library", "Options", "Playback", "Screens", "Session", "System", "Media", "Commands", "TextSearch"]),
        .target(name: "App", dependencies: ["Options", "Library", "History", "Desktop", "Tmux", "MediaJobs", "System", "Playback", "Controls", "Session", "Formatting", "Drawing", "Terminal", "Screens", "Media", "Graphics", "Commands", "ListScreen", "TextSearch"]),
        .executableTarget(name: "reel", dependencies: ["App", "System"]),
        // Measures the playback core in a process of its own (leak checks, bench figures).
        .executableTarget(name: "PlaybackProbe", dependencies: ["Playback", "System"]),
        // Renders every frame of a clip offline, for scripts/bench's bytes and fidelity figures.
        .executableTarget(name: "RenderBench", dependencies: ["Playback", "Drawing", "Terminal", "System"]),
        // A child process for TerminalTests: enters a TerminalSession on a pty and is ended by signals.
        .executableTarget(name: "TerminalProbe", dependencies: ["Terminal"]),

        // The test targets' one terminal decoder (bytes or a tmux capture back into cells): test support, not shipped.
        .target(name: "TestTerminal", dependencies: ["Drawing", "Terminal"], path: "Tests/TestTerminal"),
        // The test targets' one seeded random generator: test support, not shipped.
        .target(name: "TestRandom", path: "Tests/TestRandom"),
        // The test targets' committed clips and scratch folders: test support, not shipped.
        .target(name: "TestFiles", dependencies: ["System"], path: "Tests/TestFiles"),

        .testTarget(name: "SystemTests", dependencies: ["System"]),
        .testTarget(name: "MediaTests", dependencies: ["Media"]),
        .testTarget(name: "PlaybackTests", dependencies: ["Playback", "Media", "System", "PlaybackProbe"]),
        .testTarget(name: "FormattingTests", dependencies: ["Formatting"]),
        .testTarget(name: "ControlsTests", dependencies: ["Controls"]),
        .testTarget(name: "SessionTests", dependencies: ["Session", "Controls", "Media", "TestRandom"]),
        .testTarget(name: "DrawingTests", dependencies: ["Drawing", "TestRandom", "CBlitter"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "Drawing", "CBlitter", "System", "TestTerminal", "TestRandom", "TerminalProbe"]),
        .testTarget(name: "GraphicsTests", dependencies: ["Graphics", "Terminal", "Drawing", "CZlib", "TestTerminal", "TestRandom"]),
        .testTarget(name: "CommandsTests", dependencies: ["Commands", "Controls", "Terminal"]),
        .testTarget(name: "ScreenPartsTests", dependencies: ["ScreenParts", "Drawing"]),
        .testTarget(name: "TextSearchTests", dependencies: ["TextSearch"]),
        .testTarget(name: "ListScreenTests", dependencies: ["ListScreen", "Commands", "Controls", "Drawing"]),
        .testTarget(name: "ScreensTests", dependencies: ["Screens", "Controls", "Drawing", "Terminal", "Media", "Commands", "ScreenParts", "TextSearch", "ListScreen", "Session"]),
        .testTarget(name: "AppTests", dependencies: ["App", "Options", "Library", "History", "Desktop", "Tmux", "MediaJobs", "Session", "Drawing", "DesktopBus", "System", "TestFiles", "Media", "Graphics", "Terminal", "Commands", "ListScreen", "Screens", "Playback", "Controls"]),
        .testTarget(name: "OptionsTests", dependencies: ["Options", "Controls", "Playback", "Screens", "Session", "System", "Terminal", "Media", "Commands"]),
        .testTarget(name: "LibraryTests", dependencies: ["Library", "Controls", "Drawing", "Formatting", "Playback", "Screens", "System", "Terminal", "TestFiles", "Media", "Commands"]),
        .testTarget(name: "HistoryTests", dependencies: ["History", "TestFiles", "Playback", "Screens", "System", "Commands", "ListScreen"]),
        .testTarget(name: "DesktopTests", dependencies: ["Desktop", "Options", "DesktopBus", "Playback", "Screens", "System", "Commands"]),
        .testTarget(name: "TmuxTests", dependencies: ["Tmux", "Drawing", "Playback", "System", "Terminal", "Graphics", "Commands"]),
        .testTarget(name: "MediaJobsTests", dependencies: ["MediaJobs", "Drawing", "Playback", "Screens", "System", "Terminal", "TestFiles", "Media", "Commands", "TextSearch"]),
        .testTarget(name: "DesktopBusTests", dependencies: ["DesktopBus"]),
        .testTarget(name: "EndToEndTests", dependencies: ["System", "TestTerminal", "reel"]),
    ],
    swiftLanguageModes: [.v6]
)
