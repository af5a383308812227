// swift-tools-version:6.0
import PackageDescription

/// libFuzzer targets for reel, kept out of the main package because they are built with
/// `-sanitize=fuzzer` (each target's main hands its entry point to libFuzzer's driver). Run them
/// with `scripts/fuzz`; `scripts/test` builds them and replays their corpora (`scripts/fuzz --replay`).
/// reel is built with `-enable-testing` here, so that a target can reach an internal parser.
let package = Package(
    name: "reel-fuzz",
    dependencies: [.package(name: "reel", path: "..")],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "FuzzInputDecoder",
            dependencies: ["FuzzDriver", .product(name: "Terminal", package: "reel")]
        ),
        .executableTarget(
            name: "FuzzOptions",
            dependencies: ["FuzzDriver", .product(name: "Options", package: "reel")]
        ),
        .executableTarget(
            name: "FuzzConfigFile",
            dependencies: ["FuzzDriver", .product(name: "Options", package: "reel")]
        ),
        .executableTarget(
            name: "FuzzResumeRecord",
            dependencies: [
                "FuzzDriver",
                .product(name: "History", package: "reel"),
                .product(name: "System", package: "reel"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
