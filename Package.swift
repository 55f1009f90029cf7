// swift-tools-version:6.0
import PackageDescription

// StrokeScope: measure stroke animations in GIFs against their Core Animation model.
//
// C libraries come in through one system-library target each, and exactly one Swift module
// imports each of them (GIFCodec imports CGIFLib, PNGCodec imports CLibPNG, MovieCodec imports
// CFFmpeg). Every other module
// is pure Swift and builds without giflib, libpng or FFmpeg headers.

// FFmpeg is loaded on first use, not linked (MovieCodec's FFmpegLibrary): linked, Debian's
// libavformat maps about 130 shared libraries at every start, GIF-only runs included. On Linux
// the package therefore takes no pkg-config entry for it, whose `Libs` would link libavformat
// into every executable; Debian's and Ubuntu's headers are on the compiler's default path
// (/usr/include/<triple>). macOS needs pkg-config for Homebrew's paths and links the libraries.
#if os(Linux)
let ffmpegPkgConfig: String? = nil
#else
let ffmpegPkgConfig: String? = "libavformat"
#endif

let package = Package(
    name: "StrokeScope",
    // Synchronization's Mutex needs macOS 15; Linux has it with the Swift 6 toolchain.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "strokescope", targets: ["strokescope"]),
        // Every stage: decode (GIFCodec), find and measure (StrokeEstimation, Inspection), evaluate
        // (AnimationModel), fit (Fitting), infer (Inference), render (Rendering), report (Reporting,
        // Reports, PNGCodec), and the commands in-process (StrokeScopeCLI).
        .library(name: "StrokeScope", targets: [
            "Inspection", "GIFCodec", "MovieCodec", "StrokeEstimation", "AnimationModel", "StrokeGeometry", "RecordingClock", "Fitting", "Inference", "Rendering",
            "Reporting", "Reports", "PNGCodec", "Raster", "JSON", "Threading", "OutputFiles", "SourceImport", "StrokeScopeCLI",
        ]),
    ],
    targets: [
        // C libraries.
        .systemLibrary(
            name: "CGIFLib",
            pkgConfig: "libgif",
            providers: [.apt(["libgif-dev"]), .brew(["giflib"])]
        ),
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: ffmpegPkgConfig,
            providers: [
                .apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libavutil-dev"]),
                .brew(["ffmpeg"]),
            ]
        ),
        // glibc's mallopt, for the executable alone (Linux; part of libc, nothing to install).
        .systemLibrary(name: "CMallocTuning"),

        // Pure-Swift pixel buffers, drawing and the bitmap font.
        .target(name: "Raster"),
        // Output files that appear whole or not at all (a temporary file renamed when complete).
        .target(name: "OutputFiles"),
        // GIF decoding, browser-exact compositing and encoding (the only importer of giflib).
        .target(name: "GIFCodec", dependencies: ["CGIFLib", "Raster", "OutputFiles"]),
        // QuickTime and MPEG-4 movies: decoding by presentation timestamp and encoding (the only
        // importer of FFmpeg's libraries).
        .target(
            name: "MovieCodec",
            dependencies: ["CFFmpeg", "Raster", "OutputFiles"],
            // macOS links FFmpeg (the loader then takes its functions from the process); Linux
            // opens it by soname on first use (see ffmpegPkgConfig).
            linkerSettings: ["avcodec", "swscale", "avutil"].map { .linkedLibrary($0, .when(platforms: [.macOS])) }
        ),
        // PNG output (the only importer of libpng).
        .target(name: "PNGCodec", dependencies: ["CLibPNG", "Raster", "OutputFiles"]),
        // JSON values: ordered objects, exact number text, a parser with positions.
        .target(name: "JSON"),
        // Tables in terminal, CSV, JSON and Markdown form.
        .target(name: "Reports", dependencies: ["JSON"]),
        // Paths as UIKit builds them (arcs, ovals, lines, curves), lengths, stroke ends, on-screen angles.
        .target(name: "StrokeGeometry"),
        // The strokescope-model/1 loader, expressions and Core Animation's timing engine.
        .target(name: "AnimationModel", dependencies: ["JSON", "StrokeGeometry"]),
        // Draws model layers into frames (exact-coverage stroke rasteriser) and writes GIFs and movies.
        .target(name: "Rendering", dependencies: ["Raster", "StrokeGeometry", "AnimationModel", "GIFCodec", "MovieCodec"]),
        // Finds rings in frames and measures where each stroke starts and ends.
        .target(name: "StrokeEstimation", dependencies: ["Raster", "StrokeGeometry"]),
        // The recording's clock: the steady capture grid under stored delays, and where frame times come from.
        .target(name: "RecordingClock"),
        // Reads the Objective-C or Swift that builds CAShapeLayers and their animations, runs it
        // symbolically and writes the strokescope-model/1 it describes (`strokescope import`).
        .target(name: "SourceImport", dependencies: ["AnimationModel", "JSON", "Raster"]),
        // Fits a model's timing to measured frames: phase, rate, free variables, per-frame errors.
        .target(name: "Fitting", dependencies: ["AnimationModel", "StrokeGeometry", "JSON", "RecordingClock"]),
        // Infers a repeating stroke animation (pieces, timing functions, rotation) from measured frames; emits model JSON, Swift, Objective-C.
        .target(name: "Inference", dependencies: ["AnimationModel", "JSON", "StrokeGeometry", "RecordingClock"]),
        // Threads joined by the run that starts them, and the condition lock of bounded buffers.
        .target(name: "Threading"),
        // The pipeline as typed calls: open a recording, find and measure its strokes (with a
        // decoding thread), place a model, fit it, infer one.
        .target(
            name: "Inspection",
            dependencies: ["GIFCodec", "MovieCodec", "Raster", "JSON", "StrokeGeometry", "AnimationModel", "Rendering", "StrokeEstimation", "RecordingClock", "Fitting", "Inference", "Threading"]
        ),
        // The tool's documents of an inspection, a fit and an inference: tables, JSON, plots,
        // the overlays drawn on frames.
        .target(
            name: "Reporting",
            dependencies: ["Inspection", "Reports", "JSON", "Fitting", "Inference", "AnimationModel", "StrokeGeometry", "StrokeEstimation", "Rendering", "RecordingClock"]
        ),
        // The declarative argument parser behind every command and its --help.
        .target(name: "CLIArguments"),
        // The commands, callable in-process: run(arguments:) -> exit code.
        .target(
            name: "StrokeScopeCLI",
            dependencies: ["CLIArguments", "Inspection", "Reporting", "Threading", "OutputFiles", "GIFCodec", "MovieCodec", "PNGCodec", "Raster", "Reports", "JSON", "AnimationModel", "StrokeGeometry", "Rendering", "StrokeEstimation", "RecordingClock", "Fitting", "Inference", "SourceImport"]
        ),
        // On Linux the tool links the Swift runtime statically: the binary runs on a machine
        // (a CI runner) that has no Swift toolchain, and it starts faster and smaller, as only
        // the parts of the runtime it uses are mapped (start-up figures: scripts/bench-ab.sh,
        // docs/BENCHMARKS.md, session 6). Apple platforms ship the runtime in the OS.
        .executableTarget(
            name: "strokescope",
            dependencies: ["StrokeScopeCLI", .target(name: "CMallocTuning", condition: .when(platforms: [.linux]))],
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux]))]
        ),
        // Writes the project's bundled fixtures deterministically (scripts/make-fixtures.sh).
        .executableTarget(name: "strokescope-fixtures", dependencies: ["GIFCodec", "Raster"]),
        // Generates the large GIFs that scripts/bench-decode.sh times (not part of the tool).
        .executableTarget(name: "strokescope-bench", dependencies: ["GIFCodec", "Raster"]),
        // Times the timing engine (scripts/bench-model.sh; not part of the tool).
        .executableTarget(name: "strokescope-model-bench", dependencies: ["AnimationModel"]),

        .testTarget(name: "RasterTests", dependencies: ["Raster"]),
        .testTarget(name: "GIFCodecTests", dependencies: ["GIFCodec", "Raster"]),
        .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec", "Raster"]),
        .testTarget(name: "MovieCodecTests", dependencies: ["MovieCodec", "Raster"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "StrokeGeometryTests", dependencies: ["StrokeGeometry"]),
        .testTarget(name: "StrokeEstimationTests", dependencies: ["StrokeEstimation", "Rendering", "Raster", "StrokeGeometry", "AnimationModel"]),
        // EmittedCodeStubs: stand-ins for the UIKit and Core Animation declarations that
        // `infer --emit swift|objc` code uses, compiled with that code by EmittedCodeTests.
        .testTarget(name: "InferenceTests", dependencies: ["Inference", "AnimationModel", "JSON"], exclude: ["EmittedCodeStubs"]),
        .testTarget(name: "SourceImportTests", dependencies: ["SourceImport", "AnimationModel", "JSON"]),
        .testTarget(name: "FittingTests", dependencies: ["Fitting", "AnimationModel", "RecordingClock"]),
        .testTarget(name: "RecordingClockTests", dependencies: ["RecordingClock"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "Raster", "StrokeGeometry", "GIFCodec", "MovieCodec"]),
        .testTarget(name: "AnimationModelTests", dependencies: ["AnimationModel", "StrokeGeometry", "JSON"]),
        .testTarget(name: "ReportsTests", dependencies: ["Reports", "JSON"]),
        .testTarget(name: "CLIArgumentsTests", dependencies: ["CLIArguments"]),
        .testTarget(
            name: "StrokeScopeCLITests",
            dependencies: ["StrokeScopeCLI", "Inspection", "Reporting", "Threading", "OutputFiles", "Fitting", "GIFCodec", "MovieCodec", "PNGCodec", "Raster", "JSON", "StrokeEstimation", "StrokeGeometry", "AnimationModel"],
            // Inputs the fuzzers kept (scripts/fuzz.sh), read by path in FuzzRegressionTests;
            // expected CLI outputs, read by path in GoldenOutputTests (Goldens/README.md).
            exclude: ["FuzzInputs", "Goldens"]
        ),
    ]
)
