// swift-tools-version:6.0
import PackageDescription

// An example of StrokeScope used as a library: inspect a recording, fit a model, apply
// thresholds, through typed calls only (no argument strings, no JSON).
let package = Package(
    name: "InspectAndFit",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "StrokeScope", path: "../..")],
    targets: [
        .executableTarget(
            name: "inspect-and-fit",
            dependencies: [.product(name: "StrokeScope", package: "StrokeScope")]
        ),
    ]
)
