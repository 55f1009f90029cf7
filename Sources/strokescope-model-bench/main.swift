import AnimationModel
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Evaluates a model at many evenly spaced instants and reports the time taken.
// Usage: strokescope-model-bench MODEL.json [INSTANTS] [SPAN_SECONDS]

func seconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

let args = CommandLine.arguments
guard args.count >= 2 else {
    FileHandle.standardError.write(Data("usage: strokescope-model-bench MODEL.json [INSTANTS] [SPAN_SECONDS]\n".utf8))
    exit(64)
}
let instants = args.count > 2 ? Int(args[2]) ?? 1_000_000 : 1_000_000
let span = args.count > 3 ? Double(args[3]) ?? 10 : 10
do {
    let model = try ModelLoader.load(path: args[1]).resolve()
    // Warm-up, so the first-touch cost of the arrays is not timed.
    var checksum = 0.0
    for i in 0..<1000 { checksum += model.layers.reduce(0) { $0 + $1.values(at: Double(i) * 0.01).rawStrokeEnd } }
    let start = seconds()
    for i in 0..<instants {
        let t = span * Double(i) / Double(instants)
        for layer in model.layers {
            let v = layer.values(at: t)
            checksum += v.rawStrokeStart + v.rawStrokeEnd + v.rotation
        }
    }
    let elapsed = seconds() - start
    print("model \(model.name): \(instants) instants × \(model.layers.count) layers in \(String(format: "%.3f", elapsed)) s (\(String(format: "%.0f", Double(instants) / elapsed)) instants/s; checksum \(checksum))")
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(65)
}
