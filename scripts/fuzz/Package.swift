// swift-tools-version:6.0
// The fuzz targets, kept out of the main package: each is a libFuzzer entry point
// (LLVMFuzzerTestOneInput) that only links with `-sanitize=fuzzer`, which the main package's
// ordinary `swift build` must not need. scripts/fuzz.sh builds this package with
// `-sanitize=fuzzer,address` and runs each target.
import PackageDescription

let package = Package(
    name: "StrokeScopeFuzz",
    dependencies: [.package(name: "StrokeScope", path: "../..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "StrokeScope", package: "StrokeScope")]),
        .executableTarget(name: "fuzz-gif", dependencies: ["FuzzSupport", .product(name: "StrokeScope", package: "StrokeScope")]),
        .executableTarget(name: "fuzz-model", dependencies: ["FuzzSupport", .product(name: "StrokeScope", package: "StrokeScope")]),
        .executableTarget(name: "fuzz-fit", dependencies: ["FuzzSupport", .product(name: "StrokeScope", package: "StrokeScope")]),
        .executableTarget(name: "fuzz-numeric", dependencies: ["FuzzSupport", .product(name: "StrokeScope", package: "StrokeScope")]),
        .executableTarget(name: "fuzz-movie", dependencies: ["FuzzSupport", .product(name: "StrokeScope", package: "StrokeScope")]),
    ]
)
