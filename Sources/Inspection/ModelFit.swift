import AnimationModel
import Fitting
import JSON

/// A model fitted to an inspection: the inspection, the fit's figures and what to warn about.
public struct ModelFit: Sendable {
    /// The inspection the model was fitted to (made under the same model).
    public var inspection: Inspection
    /// Phase, rate, variables, per-frame errors.
    public var result: FitResult
    /// The inspection's warnings, and the fit's (a rate far from 1).
    public var warnings: [String]

    /// Model time at recording time 0, in seconds.
    public var phase: Double { result.phase }
    /// Model seconds per recording second.
    public var rate: Double { result.rate }
    /// The largest frame's timing error, in seconds of model time (nil when no frame compares).
    public var maxTimingError: Double? { result.maxTimingError }

    /// The verdict of `thresholds` on this fit.
    public func verdict(_ thresholds: Thresholds) -> FitVerdict { result.verdict(thresholds) }
}

extension Fitter {
    /// Fits `model` to `inspection`, which must have been made under the same model (its layers
    /// placed from it), so that every layer of the model has its readings.
    public func fit(_ model: ModelDocument, to inspection: Inspection) throws(InspectionError) -> ModelFit {
        guard let placed = inspection.model else { throw .inspectedWithoutModel(file: inspection.file) }
        // One observation per model layer, in the model's order; a layer placed but not measured
        // (a path of no length) is left out of every frame, as one the fit cannot see.
        var layers: [Inspection.Layer?] = []
        for spec in model.layers {
            guard placed.layers.contains(where: { $0.name == spec.name }) else {
                throw .modelMismatch(file: inspection.file, layer: spec.name)
            }
            layers.append(inspection.layers.first { $0.name == spec.name })
        }
        let frames: [ObservedFrame] = inspection.frames.enumerated().map { i, frame in
            let observations: [Observation?] = layers.map { layer in
                guard let layer else { return nil }
                let m = layer.readings[i]
                if case .path(let length, _, _, _) = layer.kind {
                    return Observation(state: m.state, strokeEnd: m.strokeEnd, pixelsPerPoint: inspection.scale, pathLengthPixels: length)
                }
                return Observation(state: m.state, startAngle: m.startAngle, endAngle: m.endAngle, pixelsPerPoint: inspection.scale)
            }
            return ObservedFrame(index: frame.info.index, time: frame.time, delay: frame.delay,
                                 delayCentiseconds: frame.info.delayCentiseconds, layers: observations)
        }
        var fitter = self
        // Frames evenly spaced by the user's --fps stay so; stored delays leave the clock to the
        // fit (FitOptions.clock).
        if case .evenlySpaced(let fps) = inspection.timing { fitter.options.clock = .evenlySpaced(fps: fps) }
        // A movie's timestamps are the capture clock itself: nothing to round onto a grid.
        if inspection.timing == .timestamps { fitter.options.clock = .timestamps }
        let result: FitResult
        do {
            result = try fitter.fit(model, frames: frames)
        } catch {
            throw .cannotFit(file: inspection.file, error)
        }
        var warnings = inspection.warnings
        // A rate the frames cannot tell from a free duration (RateDegeneracy) says nothing about
        // how fast the recording plays: its note says so instead.
        if !result.ratePinned && result.rateDegeneracy == nil && abs(result.rate - 1) > 0.02 {
            func fixed(_ v: Double, _ decimals: Int) -> String { DecimalText.fixed(v, decimals: decimals) }
            let slow = result.rate < 1
            let factor = "\(fixed(slow ? 1 / result.rate : result.rate, 2))× \(slow ? "slower" : "faster")"
            if inspection.format == .movie {
                // A movie's timestamps are its capture clock: no recorder rounding to blame.
                warnings.append("the fitted rate is \(fixed(result.rate, 3)) model seconds per movie second: the animation plays \(factor) than its model in this movie — the animation itself runs \(slow ? "slow" : "fast") (e.g. the simulator's Slow Animations), or the frames were retimed (--fps); pin it with --rate 1 if the timestamps are exact")
            } else {
                warnings.append("the fitted rate is \(fixed(result.rate, 3)) model seconds per GIF second: the animation plays \(factor) than its model in this GIF — either the recorder's delays are off (e.g. a 60 fps capture written with 3 cs delays plays 1.8× slow) or the animation itself runs \(slow ? "slow" : "fast") (e.g. the simulator's Slow Animations); pin it with --rate 1 if the delays are exact")
            }
        }
        return ModelFit(inspection: inspection, result: result, warnings: warnings)
    }
}
