import AnimationModel
import JSON
import GIFCodec
import Inference
import MovieCodec
import StrokeEstimation

/// Why an inspection, a fit or an inference could not be made. `description` is the one line a
/// user reads, naming the file; `isInternal` separates the tool's own faults from bad input.
public enum InspectionError: Error, Sendable, CustomStringConvertible {
    /// The GIF cannot be read or decoded (its own message names the file and the fault).
    case decoding(GIFError)
    /// The movie cannot be read or decoded (its own message names the file and the fault).
    case movie(MovieError)
    /// The file decodes to no frame.
    case noFrames(file: String)
    /// No ring moves in the frames (and none was given with `circle`).
    case noRingFound(file: String, candidates: [RingCandidate] = [])
    /// The model's layers cannot be placed: no ring to take the scale and offset from.
    case cannotPlaceModel(file: String)
    /// The model's sizes do not fit the recording: placing it would take `scale` pixels per
    /// point, outside `ModelPlacement.plausibleScales` (a ring of radius 1e-300 points).
    case implausibleScale(file: String, scale: Double)
    /// A placed layer would span `span` pixels, far more than the canvas
    /// (`ModelPlacement.maximumCanvasMultiple` times its longer side).
    case layerTooLarge(file: String, layer: String, span: Double, width: Int, height: Int)
    /// A fit needs an inspection made under the same model.
    case inspectedWithoutModel(file: String)
    /// The model's layers do not match the ones the inspection measured.
    case modelMismatch(file: String, layer: String)
    /// The fit could not evaluate the model (or had fewer than two measured frames).
    case cannotFit(file: String, ModelInstanceError)
    /// The model could not be resolved (a bad variable value, an invalid expression).
    case invalidModel(ModelInstanceError)
    /// No animation could be inferred from the readings.
    case cannotInfer(file: String, InferenceError)
    /// A fault of the tool itself.
    case internalError(file: String, String)

    public var description: String {
        switch self {
        case .decoding(let error): Self.describe(error)
        case .movie(let error): error.description
        case .noFrames(let file): "\(file): the file has no frames to inspect"
        case .noRingFound(let file, _): "\(file): no animated ring found (try --circle CX,CY,R or --region X,Y,W,H)"
        case .cannotPlaceModel(let file):
            "\(file): cannot place the model: no ring found to take the scale and offset from (give --scale and --origin, or --circle)"
        case .implausibleScale(let file, let scale):
            "\(file): cannot place the model: it would be drawn at \(DecimalText.short(scale)) pixels per point (its sizes do not match the recording; give --scale and --origin)"
        case .layerTooLarge(let file, let layer, let span, let width, let height):
            "\(file): cannot place the model: layer '\(layer)' would span \(DecimalText.short(span.rounded())) px on this \(width)×\(height) recording, more than \(Int(ModelPlacement.maximumCanvasMultiple)) times its size (check the layer's radius, lineWidth and frame)"
        case .inspectedWithoutModel(let file): "\(file): the inspection was made without a model; inspect with the model to fit it"
        case .modelMismatch(let file, let layer): "\(file): the inspection has no layer '\(layer)' of the model; inspect with the model to fit it"
        case .cannotFit(let file, let error): "\(file): cannot fit the model: \(error)"
        case .invalidModel(let error): "invalid model: \(error)"
        case .cannotInfer(let file, let error): "\(file): \(error.description)"
        case .internalError(let file, let message): "\(file): internal error: \(message)"
        }
    }

    /// The circles considered when no ring was found, with the `--circle` that selects each:
    /// one line each (at most eight), for stderr after the error's line.
    public var candidateLines: [String] {
        guard case .noRingFound(_, let candidates) = self else { return [] }
        return candidates.prefix(8).map { c in
            let x = DecimalText.short((c.circle.center.x * 10).rounded() / 10), y = DecimalText.short((c.circle.center.y * 10).rounded() / 10)
            let r = DecimalText.short((c.circle.radius * 10).rounded() / 10)
            return "note: candidate circle at (\(x), \(y)) px, radius \(r) px, not taken: \(c.reason); select it with --circle \(x),\(y),\(r)"
        }
    }

    /// Whether the fault is the tool's, not the input's.
    public var isInternal: Bool {
        if case .internalError = self { return true }
        return false
    }
}

extension InspectionError {
    /// A GIF decoder's error as the pipeline says it: a file that is neither a GIF nor a movie
    /// was tried as both (`RecordingFormat.detect` found no movie), so the message names both.
    public static func describe(_ error: GIFError) -> String {
        switch error.reason {
        case .notAGIF(let detected):
            let why = detected.map { "looks like \($0)" } ?? "it starts with neither 'GIF8' nor a QuickTime/MPEG-4 box"
            return "\(error.file): not a GIF or a movie (\(why))"
        case .emptyFile:
            return "\(error.file): empty file (0 bytes), not a GIF or a movie"
        default:
            return error.description
        }
    }
}
