import Fitting
import Inference
import Inspection
import JSON
import Reports

/// An inference as the tool prints it: the inferred cycle, pieces and rotation with the fit of
/// the model back to the recording (`report`), and the `strokescope-infer/1` document (`json`).
public struct InferenceReport: Sendable {
    public let run: RecordingInference

    public init(_ run: RecordingInference) {
        self.run = run
    }

    private var inferred: InferredAnimation { run.inferred }
    private var outcome: ModelFit { run.fit }
    private var explains: Bool { run.explains }
    private var scaleSource: String { run.scaleSource }
    private static var explainsRMS: Double { RecordingInference.explainsRMS }
    private static var explainsMax: Double { RecordingInference.explainsMax }

    /// One cycle of a property as text: `0–1 s 0→0.25 easeInEaseOut; 1–1.5 s hold 0.25`.
    public static func describe(_ curve: PiecewiseCurve) -> String {
        curve.pieces.map { p in
            let span = "\(shortNumber(p.beginTime))–\(shortNumber(p.beginTime + p.duration)) s"
            switch p.timing {
            case .hold: return "\(span) hold \(shortNumber(p.fromValue))"
            case .custom(let a, let b, let c, let d):
                return "\(span) \(shortNumber(p.fromValue))→\(shortNumber(p.toValue)) [\(shortNumber(a)), \(shortNumber(b)), \(shortNumber(c)), \(shortNumber(d))]"
            default: return "\(span) \(shortNumber(p.fromValue))→\(shortNumber(p.toValue)) \(p.timing.name ?? "")"
            }
        }.joined(separator: "; ")
    }

    public static func shortNumber(_ v: Double) -> String {
        var text = fixed(v, 4)
        if text.contains(".") { while text.hasSuffix("0") { text.removeLast() }; if text.hasSuffix(".") { text.removeLast() } }
        return text == "-0" ? "0" : text
    }

    public var report: Report {
        var report = FitReport(outcome).report
        let fitSummary = report.summary.filter { ["rmsAngleError", "maxAngleError", "framesCompared", "phase", "rate"].contains($0.key) }
        report.title = "Infer \(outcome.inspection.file)"
        report.summary = []
        let m = inferred
        report.addSummary("cycle (s)", .string(Self.shortNumber(m.period)), key: "period")
        report.addSummary("rotation", .string(m.rotationPeriod.map { "one turn per \(Self.shortNumber($0)) s \(m.rotationSpeed < 0 ? "anticlockwise" : "clockwise")" } ?? "none"), key: "rotation")
        if m.advance != 0 { report.addSummary("advance per cycle (°)", .string(Self.shortNumber(m.advance)), key: "advance") }
        report.addSummary("path starts at (°)", .string(Self.shortNumber(m.pathStartAngle.truncatingRemainder(dividingBy: 360))), key: "pathStartAngle")
        report.addSummary("strokeStart", .string(Self.describe(m.strokeStart)), key: "strokeStart")
        report.addSummary("strokeEnd", .string(Self.describe(m.strokeEnd)), key: "strokeEnd")
        report.addSummary("scale (px per point)", .string("\(Self.shortNumber(m.scale)) (\(scaleSource))"), key: "scale")
        // Say when the stored delays were replaced by a steady grid: the model's times are then
        // capture times, which the per-frame residuals below (stored times) do not use.
        report.addSummary("frame times", .string(m.captureInterval.map { "a steady capture every \(fixed($0 * 1000, 2)) ms (the stored delays are its rounding to whole centiseconds)" } ?? "as stored"), key: "frameTimes")
        report.summary += fitSummary
        report.addSummary("verdict", .string(explains ? "the model explains the frames (RMS ≤ \(fixed(Self.explainsRMS, 1))°, max ≤ \(fixed(Self.explainsMax, 1))°)"
                                                     : "the model does NOT explain the frames (RMS ≤ \(fixed(Self.explainsRMS, 1))° and max ≤ \(fixed(Self.explainsMax, 1))° needed)"), key: "verdict")
        return report
    }

    public var json: JSONValue {
        guard case .object(var top) = FitReport(outcome).json else { return .null }
        top["schema"] = .string("strokescope-infer/1")
        top["model"] = run.modelJSON
        top["explains"] = .bool(explains)
        top["scaleSource"] = .string(scaleSource)
        top["warnings"] = .array(run.warnings.map { .string($0) })
        return .object(top)
    }
}
