import AnimationModel
import Fitting
import Inference
import JSON
import StrokeGeometry

/// An animation inferred from a recording, and how well it explains the recording's frames.
public struct RecordingInference: Sendable {
    /// The inferred animation: its cycle, pieces, timing functions and rotation.
    public var inferred: InferredAnimation
    /// The inferred animation as a `strokescope-model/1` document.
    public var modelJSON: JSONValue
    /// The same, loaded.
    public var document: ModelDocument
    /// The inferred model fitted back to the recording.
    public var fit: ModelFit
    /// Warnings of the inspection, the inference and the fit, each once.
    public var warnings: [String]
    /// Where the scale came from: stated, the device screen the canvas matches, or assumed.
    public var scaleSource: String

    /// The self-check's limits, in degrees: an inferred model explains a recording when its fit
    /// stays within them (RMS and largest angle error).
    public static let explainsRMS = 1.5, explainsMax = 4.0

    /// The fit's RMS angle error, degrees (infinite when nothing compared).
    public var rmsAngleError: Double { fit.result.rmsAngleError ?? .infinity }
    /// The fit's largest angle error, degrees (infinite when nothing compared).
    public var maxAngleError: Double { fit.result.maxAngleError ?? .infinity }
    /// Whether the inferred model explains the frames.
    public var explains: Bool { rmsAngleError <= Self.explainsRMS && maxAngleError <= Self.explainsMax }
}

extension Inspector {
    /// Infers the animation of the recording's first ring, then fits the inferred model back to
    /// the recording. `scaleStated`: `options.scale` was given; otherwise a canvas that is
    /// exactly a device's screen gives it (`DeviceScreen`), and any other is taken at 1 px per
    /// point. The model's source is named `source` (default: the file's name).
    public func infer(_ recording: Recording, options inference: InferenceOptions, scaleStated: Bool = true,
                      source: String? = nil, progress: (any InspectionProgress)? = nil) throws(InspectionError) -> RecordingInference {
        var inference = inference
        var measuring = self
        measuring.options.scale = nil
        let inspection = try measuring.inspect(recording, progress: progress)
        guard let first = inspection.layers.first, case .ring(let ring, _) = first.kind else { throw .noRingFound(file: recording.path) }
        var warnings = inspection.warnings
        if inspection.layers.count > 1 {
            warnings.append("\(inspection.layers.count) rings found; inferring the first only (give --circle or --region to choose)")
        }
        var scaleSource = "stated"
        if !scaleStated {
            if let screen = DeviceScreen.match(width: inspection.canvasWidth, height: inspection.canvasHeight) {
                inference.scale = Double(screen.scale)
                scaleSource = "detected: the canvas is \(screen.description)"
            } else {
                scaleSource = "assumed: the canvas is no device's whole screen; give --scale"
            }
        }
        let appearance = RingAppearance(centerX: ring.circle.center.x, centerY: ring.circle.center.y, radius: ring.circle.radius,
                                        lineWidth: first.lineWidth, strokeColor: first.colour?.hex, lineCap: first.cap ?? .butt)
        let samples: [RingSample] = zip(inspection.frames, first.readings).map { frame, m in
            RingSample(time: frame.time, state: m.state, startAngle: m.startAngle, endAngle: m.endAngle)
        }
        let inferred: InferredAnimation
        do {
            inferred = try Inferrer.infer(samples, appearance: appearance, options: inference)
        } catch {
            throw .cannotInfer(file: recording.path, error)
        }
        let json = ModelEmitter.json(inferred, source: source ?? recording.fileName)
        let document: ModelDocument
        do {
            document = try ModelLoader.load(json: json.serialized(), file: "\(recording.path) (inferred)")
        } catch {
            throw .internalError(file: recording.path, "the inferred model is not valid: \(error)")
        }
        let model: ResolvedModel
        do { model = try document.resolve() } catch { throw .invalidModel(error) }
        var fitting = self
        fitting.options.scale = nil
        let placed = try fitting.inspect(recording, model: model, progress: progress)
        var fitOptions = FitOptions()
        fitOptions.parallel = options.parallel
        let fit = try Fitter(fitOptions).fit(document, to: placed)
        return RecordingInference(inferred: inferred, modelJSON: json, document: document, fit: fit,
                                  warnings: warnings + fit.warnings.filter { !warnings.contains($0) }, scaleSource: scaleSource)
    }

}
