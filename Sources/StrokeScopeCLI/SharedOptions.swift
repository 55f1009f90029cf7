import AnimationModel
import Inspection
import CLIArguments
import GIFCodec
import Reports

/// Options that mean the same in every command that takes them (CLI-CONTRACT.md, "Shared options").
enum SharedOptions {
    static let format = OptionSpec.option(
        "format", value: "format", help: "How to print the results.",
        choices: OutputFormat.allCases.map(\.rawValue), default: "table")
    static let delayPolicy = OptionSpec.option(
        "delay-policy", value: "policy",
        help: "How a GIF's stored delays play: as stored (raw), as Chrome and Firefox play them (browser: 0-1 cs become 10 cs) or as ffmpeg does (ffmpeg: under 2 cs become 10 cs). A movie's frames play at their timestamps whatever the policy.",
        choices: DelayPolicy.allCases.map(\.rawValue), default: "raw")
    static let fps = OptionSpec.option(
        "fps", value: "n", help: "Ignore the stored delays (a movie's timestamps): frames are evenly spaced at this rate (frames per second).")
    static let maxPixels = OptionSpec.option(
        "max-pixels", value: "n", help: "Refuse GIFs whose screen has more pixels than this, before allocating anything.",
        default: "64000000")
    static let maxFrames = OptionSpec.option(
        "max-frames", value: "n", help: "Refuse GIFs with more frames than this.", default: "100000")
    static let maxTotalPixels = OptionSpec.option(
        "max-total-pixels", value: "n", help: "Refuse GIFs whose frames add up to more pixels than this (bounds the work a small, highly compressed file can ask for).",
        default: "4000000000")
    static let maxModelBytes = OptionSpec.option(
        "max-model-bytes", value: "n", help: "Refuse model files larger than this.", default: "16777216 (16 MiB)")

    /// `--max-model-bytes`, or the loader's default.
    static func modelByteLimit(_ args: ParsedArguments) throws(UsageError) -> Int {
        try args.value("max-model-bytes", as: .integer(in: .atLeast(1))) ?? ModelLoader.defaultMaxBytes
    }
    static let lenient = OptionSpec.flag(
        "lenient", help: "On a truncated or corrupt GIF, go on with the frames decoded so far (and say so) instead of failing.")
    static let quiet = OptionSpec.flag("quiet", short: "q", help: "Print no warnings on stderr.")
    static let force = OptionSpec.flag("force", help: "Overwrite existing output files.")

    static func outputFormat(_ args: ParsedArguments) throws(UsageError) -> OutputFormat {
        try args.value("format", as: .choice()) ?? .table
    }

    static func decodeOptions(_ args: ParsedArguments) throws(UsageError) -> GIFDecodeOptions {
        let limit = try args.value("max-pixels", as: .integer(in: .atLeast(1))) ?? 64_000_000
        let frames = try args.value("max-frames", as: .integer(in: .atLeast(1))) ?? 100_000
        let total = try args.value("max-total-pixels", as: .integer(in: .atLeast(1))) ?? 4_000_000_000
        return GIFDecodeOptions(maxPixels: limit, lenient: args.flag("lenient"), maxFrames: frames, maxTotalPixels: total)
    }

    /// The frame timing the user asked for: stored delays under a policy, or a fixed rate.
    static func timing(_ args: ParsedArguments) throws(UsageError) -> FrameTiming {
        if let fps = try args.value("fps", as: .double(in: .between(0.01, 1000))) {
            return .evenlySpaced(fps: fps)
        }
        return .delays(try args.value("delay-policy", as: .choice()) ?? .raw)
    }
}

extension FrameTiming {
    /// How the frames are timed, in words (the `timing` line of `info`).
    var label: String {
        switch self {
        case .delays(let p): "delay policy \(p.rawValue)"
        case .evenlySpaced(let fps): "evenly spaced at \(shortText(fps)) fps (--fps)"
        case .timestamps: "presentation timestamps"
        }
    }
}
