// strokescope-bench: the test-data side of scripts/bench-decode.sh.
//
//   strokescope-bench generate --width W --height H --frames N --mode full|subrect -o OUT.gif
//                              [--delay CS] [--force]
//   strokescope-bench checksum [--every-frame] FILE.gif
//   strokescope-bench decode FILE.gif
//
// `generate` writes a large deterministic spinner recording with the project's GIFEncoder.
// `checksum` decodes with GIFDecoder and prints the line scripts/bench/decode_composite.c prints,
// so the benchmark can show that both decoders produced the same pixels before comparing times.
// `decode` runs GIFDecoder alone (no report), to tell the decoder's time from the CLI's.
// Errors are one line on stderr; the exit status is 64 for usage errors, GIFError's code for
// GIF errors, 1 otherwise.

import GIFCodec
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure to report as one line.
struct BenchError: Error {
    var message: String
    var exitCode: Int32 = 1
    init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }
}

let usage = """
    usage: strokescope-bench generate --width W --height H --frames N --mode full|subrect -o OUT.gif [--delay CS] [--force]
           strokescope-bench checksum [--every-frame] FILE.gif
           strokescope-bench decode FILE.gif
    """

func usageError(_ message: String) -> BenchError { BenchError(message, exitCode: 64) }

/// Options of the form `--name value`, flags `--name`, and positional arguments.
struct Arguments {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positional: [String] = []

    init(_ args: ArraySlice<String>, valued: Set<String>, flags known: Set<String>) throws(BenchError) {
        var i = args.startIndex
        while i < args.endIndex {
            let a = args[i]
            if valued.contains(a) {
                guard i + 1 < args.endIndex else { throw usageError("\(a) needs a value") }
                values[a] = args[i + 1]
                i += 2
            } else if known.contains(a) {
                flags.insert(a)
                i += 1
            } else if a.hasPrefix("-") && a.count > 1 {
                throw usageError("unknown option \(a)")
            } else {
                positional.append(a)
                i += 1
            }
        }
    }

    func integer(_ name: String, in range: ClosedRange<Int>) throws(BenchError) -> Int {
        guard let text = values[name] else { throw usageError("missing \(name)") }
        guard let n = Int(text), range.contains(n) else {
            throw usageError("\(name) \(text) is not a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        return n
    }
}

func run(_ argv: [String]) throws(BenchError) {
    guard let command = argv.dropFirst().first else { throw usageError("missing command") }
    let rest = argv.dropFirst(2)
    switch command {
    case "generate":
        let args = try Arguments(rest, valued: ["--width", "--height", "--frames", "--mode", "-o", "--output", "--delay"],
                                 flags: ["--force"])
        guard args.positional.isEmpty else { throw usageError("unexpected argument \(args.positional[0])") }
        guard let modeName = args.values["--mode"] else { throw usageError("missing --mode full|subrect") }
        guard let mode = FrameMode(rawValue: modeName) else { throw usageError("--mode must be full or subrect, not \(modeName)") }
        guard let output = args.values["-o"] ?? args.values["--output"] else { throw usageError("missing -o OUT.gif") }
        var request = GenerateRequest(
            width: try args.integer("--width", in: SpinnerScene.minimumSide...65535),
            height: try args.integer("--height", in: SpinnerScene.minimumSide...65535),
            frames: try args.integer("--frames", in: 1...1_000_000), mode: mode, output: output)
        if args.values["--delay"] != nil { request.delayCentiseconds = try args.integer("--delay", in: 0...65535) }
        request.force = args.flags.contains("--force")
        let bytes = try generate(request)
        print("wrote \(output): \(request.width)x\(request.height), \(request.frames) frames (\(mode.rawValue)), \(bytes) bytes")
    case "checksum":
        let args = try Arguments(rest, valued: [], flags: ["--every-frame"])
        guard args.positional.count == 1 else { throw usageError("checksum takes one FILE.gif") }
        do {
            print(try checksum(path: args.positional[0], everyFrame: args.flags.contains("--every-frame")))
        } catch {
            throw BenchError(error.description, exitCode: error.exitCode)
        }
    case "decode":
        let args = try Arguments(rest, valued: [], flags: [])
        guard args.positional.count == 1 else { throw usageError("decode takes one FILE.gif") }
        do {
            print(try decodeOnly(path: args.positional[0]))
        } catch {
            throw BenchError(error.description, exitCode: error.exitCode)
        }
    case "-h", "--help", "help":
        print(usage)
    default:
        throw usageError("unknown command \(command)")
    }
}

do {
    try run(CommandLine.arguments)
} catch {
    var message = "strokescope-bench: \(error.message)"
    if error.exitCode == 64 { message += " (see strokescope-bench --help)" }
    // write(2) on the descriptor: Swift 6 rejects the global `stderr` FILE* as shared state.
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(error.exitCode)
}
