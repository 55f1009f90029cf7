// inspect-and-fit FILE.gif MODEL.json
//
// Inspects the recording under the model, fits the model's timing to the frames, checks the
// fit against thresholds, and prints, last, one line:
//
//     phase <seconds> rate <rate> maxTimingError <seconds>
//
// Exit 0 when the fit passes the thresholds, 1 when it fails them, 65 for bad input.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AnimationModel
import Fitting
import Inspection

/// Prints `message` on stderr and exits with `code`.
func fail(_ message: String, _ code: Int32) -> Never {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(code)
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2 else {
    fail("usage: inspect-and-fit FILE.gif MODEL.json", 64)
}
let (file, modelFile) = (arguments.first!, arguments.last!)

do {
    // 1. Open the recording: its header is read, limits and timing are the defaults (stored
    //    delays, as stored).
    let recording = try Recording(contentsOf: file)
    print("\(recording.fileName): \(recording.width)×\(recording.height) px")

    // 2. Load the model and inspect the recording under it: its layers are placed on the rings
    //    found on screen, and every frame is measured.
    let model = try ModelLoader.load(path: modelFile)
    let inspection = try Inspector().inspect(recording, model: model)
    for layer in inspection.layers {
        let drawn = layer.readings.filter { $0.state.isDrawn }.count
        print("layer \(layer.name): \(drawn) of \(layer.readings.count) frames drawn")
    }

    // 3. Fit the model's timing (phase, rate, free variables) to the frames.
    let fit = try Fitter().fit(model, to: inspection)

    // 4. Apply thresholds, as `strokescope check` does by default.
    let verdict = fit.verdict(.checkDefaults)
    print(verdict.passed ? "PASS" : "FAIL: " + verdict.failures.joined(separator: "; "))
    print("phase \(fit.phase) rate \(fit.rate) maxTimingError \(fit.maxTimingError.map { "\($0)" } ?? "none")")
    // A gate for CI: a failed verdict is exit 1, as `strokescope check`.
    exit(verdict.passed ? 0 : 1)
} catch let error as InspectionError {
    fail("error: \(error)", error.isInternal ? 70 : 65)
} catch {
    // The model file's own errors (ModelError) name the file already.
    fail("error: \(error)", 65)
}
