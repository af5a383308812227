// swift-tools-version:6.0
import PackageDescription

/// reel: a video player for the terminal, built on libmpv.
///
/// Layers (see docs/architecture.md): `System` is the one shim over the C library; only
/// `Playback` imports `CMpv`; `Controls` and `Session` are pure; only `Terminal` touches the tty; `Screens`
/// composes; `App` wires it all; `reel` is `main`.
let package = Package(
    name: "reel",
    products: [
        .executable(name: "reel", targets: ["reel"]),
        .library(name: "Playback", targets: ["Playback"]),
        .library(name: "Controls", targets: ["Controls"]),
        .library(name: "Terminal", targets: ["Terminal"]),
        .library(name: "System", targets: ["System"]),
        // The app itself, so that Fuzz/ can drive the option parser.
        .library(name: "ReelApp", targets: ["App"]),
    ],
    targets: [
        // The C calls Swift's Glibc module leaves out (fstatfs, mallopt, dlsym): System's alone.
        .systemLibrary(name: "CSystem"),
        .systemLibrary(
            name: "CMpv",
            pkgConfig: "mpv",
            providers: [.apt(["libmpv-dev"])]
        ),
        // zlib compresses kitty graphics frames for a terminal on another machine.
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
        .target(name: "Playback", dependencies: ["CMpv", "Controls", "System"]),
        // The one owner of a D-Bus connection, and the values that travel on it.
        .target(name: "DesktopBus", dependencies: ["CDBus"]),
        .target(name: "Controls"),
        // The playback session's decisions above the engines: pure, time passed in, no mpv.
        .target(name: "Session", dependencies: ["Controls"]),
        // The sextant and octant blitters' per-cell fits: the one hot loop that is C (see its header).
        .target(name: "CBlitter"),
        .target(name: "Terminal", dependencies: ["CZlib", "CBlitter", "System"]),
        .target(name: "Screens", dependencies: ["Controls", "Session", "Terminal"]),
        .target(name: "App", dependencies: ["System", "Playback", "Controls", "Session", "Terminal", "Screens", "DesktopBus"]),
        .executableTarget(name: "reel", dependencies: ["App", "System"]),
        // Measures the playback core in a process of its own (leak checks, bench figures).
        .executableTarget(name: "PlaybackProbe", dependencies: ["Playback", "System"]),
        // Renders every frame of a clip offline, for scripts/bench's bytes and fidelity figures.
        .executableTarget(name: "RenderBench", dependencies: ["Playback", "Terminal", "System"]),
        // A child process for TerminalTests: enters a TerminalSession on a pty and is ended by signals.
        .executableTarget(name: "TerminalProbe", dependencies: ["Terminal"]),

        .testTarget(name: "SystemTests", dependencies: ["System"]),
        .testTarget(name: "PlaybackTests", dependencies: ["Playback", "PlaybackProbe", "System"]),
        .testTarget(name: "ControlsTests", dependencies: ["Controls"]),
        .testTarget(name: "SessionTests", dependencies: ["Session", "Controls"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "TerminalProbe", "System"]),
        .testTarget(name: "ScreensTests", dependencies: ["Screens", "Controls", "Session", "Terminal"]),
        .testTarget(name: "AppTests", dependencies: ["App", "Session", "DesktopBus", "System"]),
        .testTarget(name: "DesktopBusTests", dependencies: ["DesktopBus"]),
        .testTarget(name: "EndToEndTests", dependencies: ["reel", "System"]),
    ],
    swiftLanguageModes: [.v6]
)
