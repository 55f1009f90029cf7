import AnimationModel
import Fitting
import Inspection
import JSON
import Reports
import StrokeGeometry

/// Builds the `--svg` plots: measured values as dots, model curves as lines, timing errors in a
/// second panel. Dots carry the same rounding as the JSON output (fractions 6 decimals, angles
/// 4, timing errors in milliseconds at 6), so the picture and the numbers agree.
public enum PlotBuilder {
    /// Series colours, two per layer (start, end): Tableau 10 without its red, which marks
    /// failing frames.
    static let colours = ["#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f"]

    /// Per frame: failing (over a threshold) or flagged.
    public struct FrameMarks: Sendable {
        public var failing: Set<Int> = []
        public var flagged: Set<Int> = []
        public init() {}
        func mark(_ frame: Int) -> PlotPoint.Mark { failing.contains(frame) ? .failing : flagged.contains(frame) ? .flagged : .none }
    }

    /// The plot of an inspection, with the fitted model and timing errors when `fit` is given.
    public static func plot(_ inspection: Inspection, fit: FitReport?) -> TimePlot {
        let marks = fit.map { frameMarks($0) } ?? FrameMarks()
        let times = inspection.frames.map(\.time)
        let span = (times.first ?? 0)...max(inspection.frames.last.map { $0.time + $0.delay } ?? 1, (times.first ?? 0) + 1e-3)
        var fractions = PlotPanel(title: "Stroke fractions", yLabel: "strokeStart / strokeEnd", yRange: 0...1)
        var angles = PlotPanel(title: "On-screen angles (layers without fractions)", yLabel: "angle (° clockwise from 12 o'clock)", yRange: 0...360)
        for (k, track) in inspection.layers.enumerated() {
            let startColour = colours[(2 * k) % colours.count], endColour = colours[(2 * k + 1) % colours.count]
            var start = PlotSeries(name: "\(track.name) strokeStart", key: "\(track.name).strokeStart", color: startColour, style: .points)
            var end = PlotSeries(name: "\(track.name) strokeEnd", key: "\(track.name).strokeEnd", color: endColour, style: .points)
            var startAngle = PlotSeries(name: "\(track.name) start angle", key: "\(track.name).startAngle", color: startColour, style: .points)
            var endAngle = PlotSeries(name: "\(track.name) end angle", key: "\(track.name).endAngle", color: endColour, style: .points)
            var hasFractions = false
            for (i, frame) in inspection.frames.enumerated() {
                let m = track.readings[i]
                let index = frame.info.index
                if let f = m.strokeStart {
                    start.points.append(PlotPoint(x: frame.time, y: f, frame: index, mark: marks.mark(index), valueText: DecimalText.fixed(f, decimals: 6)))
                }
                if let f = m.strokeEnd {
                    end.points.append(PlotPoint(x: frame.time, y: f, frame: index, mark: marks.mark(index), valueText: DecimalText.fixed(f, decimals: 6)))
                    hasFractions = true
                }
                if m.state == .arc, let a = m.startAngle, let b = m.endAngle {
                    let a4 = displayAngle(a, 4), b4 = displayAngle(b, 4)
                    startAngle.points.append(PlotPoint(x: frame.time, y: a4, frame: index, mark: marks.mark(index), valueText: DecimalText.fixed(a4, decimals: 4)))
                    endAngle.points.append(PlotPoint(x: frame.time, y: b4, frame: index, mark: marks.mark(index), valueText: DecimalText.fixed(b4, decimals: 4)))
                }
            }
            let layerIndex = fit?.result.model.layers.firstIndex { $0.name == track.name }
            let ring: Bool = { if case .ring = track.kind { return true } else { return false } }()
            let fractionsUnavailable = ring && !hasFractions && !startAngle.points.isEmpty
            if fractionsUnavailable {
                if let fit, let j = layerIndex { angles.series += modelAngleCurves(fit.result, layer: j, span: span, colours: (startColour, endColour)) }
                angles.series += [startAngle, endAngle]
            } else {
                if let fit, let j = layerIndex {
                    fractions.series += modelFractionCurves(fit.result, layer: j, span: span, colours: (startColour, endColour), includeStart: !start.points.isEmpty)
                }
                if !start.points.isEmpty { fractions.series.append(start) }
                fractions.series.append(end)
            }
        }
        var panels: [PlotPanel] = []
        if !fractions.series.isEmpty { panels.append(fractions) }
        if !angles.series.isEmpty { panels.append(angles) }
        if let fit { panels.append(timingPanel(fit, marks: marks)) }
        return TimePlot(title: (fit == nil ? "Inspect " : "Fit ") + inspection.file, xLabel: "GIF time (s)", xRange: span, panels: panels)
    }

    /// Frames over a threshold (failing; as the verdict counts them, outliers aside) and frames
    /// the fit flagged.
    public static func frameMarks(_ fit: FitReport) -> FrameMarks {
        var marks = FrameMarks()
        let t = fit.thresholds
        for f in fit.result.frames {
            if !f.flags.isEmpty { marks.flagged.insert(f.index) }
            // Outliers take no part in the verdict (FitResultBuilder leaves them out of the
            // summary), so they are shown flagged, not failing.
            if f.flags.contains("outlier") { continue }
            for layer in f.layers {
                if let limit = t.maxTimingError, let e = layer.timingError, abs(e) > limit { marks.failing.insert(f.index) }
                if let limit = t.maxAngleError, let e = layer.angleError, e > limit { marks.failing.insert(f.index) }
            }
        }
        return marks
    }

    /// Model time at GIF time `t` under the fit.
    private static func modelTime(_ r: FitResult, _ t: Double) -> Double { r.phase + r.rate * t }

    /// Dense samples of the fitted model over the recording: enough that a 90° ease reads as a
    /// curve, not a polyline.
    private static func sampleTimes(_ span: ClosedRange<Double>) -> [Double] {
        let n = 1200
        return (0...n).map { span.lowerBound + (span.upperBound - span.lowerBound) * Double($0) / Double(n) }
    }

    private static func modelFractionCurves(_ r: FitResult, layer j: Int, span: ClosedRange<Double>, colours: (String, String), includeStart: Bool) -> [PlotSeries] {
        let layer = r.model.layers[j]
        var start = PlotSeries(name: "\(layer.name) strokeStart (model)", key: "\(layer.name).strokeStart.model", color: colours.0, style: .line)
        var end = PlotSeries(name: "\(layer.name) strokeEnd (model)", key: "\(layer.name).strokeEnd.model", color: colours.1, style: .line)
        var gap = true
        for t in sampleTimes(span) {
            let p = layer.presentation(at: modelTime(r, t))
            guard p.state != .absent else { gap = true; continue }
            start.points.append(PlotPoint(x: t, y: p.values.strokeStart, breakBefore: gap))
            end.points.append(PlotPoint(x: t, y: p.values.strokeEnd, breakBefore: gap))
            gap = false
        }
        return includeStart ? [start, end] : [end]
    }

    private static func modelAngleCurves(_ r: FitResult, layer j: Int, span: ClosedRange<Double>, colours: (String, String)) -> [PlotSeries] {
        let layer = r.model.layers[j]
        var start = PlotSeries(name: "\(layer.name) start angle (model)", key: "\(layer.name).startAngle.model", color: colours.0, style: .line)
        var end = PlotSeries(name: "\(layer.name) end angle (model)", key: "\(layer.name).endAngle.model", color: colours.1, style: .line)
        var previous: (Double, Double)?
        for t in sampleTimes(span) {
            let p = layer.presentation(at: modelTime(r, t))
            guard p.state == .arc, let a = p.startAngle, let b = p.endAngle else { previous = nil; continue }
            // A jump of more than half a turn is the angle wrapping past 12 o'clock: lift the pen.
            start.points.append(PlotPoint(x: t, y: a, breakBefore: previous.map { abs($0.0 - a) > 180 } ?? true))
            end.points.append(PlotPoint(x: t, y: b, breakBefore: previous.map { abs($0.1 - b) > 180 } ?? true))
            previous = (a, b)
        }
        return [start, end]
    }

    private static func timingPanel(_ fit: FitReport, marks: FrameMarks) -> PlotPanel {
        let r = fit.result
        var panel = PlotPanel(title: "Timing errors (positive: the frame lags the model)", yLabel: "timing error (ms)", weight: 0.7)
        for (j, layer) in r.model.layers.enumerated() {
            var series = PlotSeries(name: "\(layer.name) timing error", key: "\(layer.name).timingError",
                                    color: colours[(2 * j + 1) % colours.count], style: .points)
            for f in r.frames {
                guard let e = f.layers[j].timingError else { continue }
                let ms = e * 1000
                series.points.append(PlotPoint(x: f.time, y: ms, frame: f.index, mark: marks.mark(f.index),
                                               valueText: DecimalText.fixed(ms, decimals: 6)))
            }
            if !series.points.isEmpty { panel.series.append(series) }
        }
        // Hitches on the same axis (ms): how long the picture before each frame held too long.
        var hitches = PlotSeries(name: "hitch time (\(fixed(r.hitchTimeRatio, 1)) ms/s, \(r.hitchBand.rawValue))", key: "hitchTime",
                                 color: "#d62728", style: .points)
        for f in r.frames where f.hitchTime > 0 {
            let ms = f.hitchTime * 1000
            hitches.points.append(PlotPoint(x: f.time, y: ms, frame: f.index, mark: marks.mark(f.index),
                                            valueText: DecimalText.fixed(ms, decimals: 6)))
        }
        if !hitches.points.isEmpty { panel.series.append(hitches) }
        if let limit = fit.thresholds.maxTimingError {
            panel.references = [PlotReference(label: "+\(fixed(limit * 1000, 1)) ms limit", y: limit * 1000),
                                PlotReference(label: "−\(fixed(limit * 1000, 1)) ms limit", y: -limit * 1000)]
        } else {
            let flag = r.flagTiming * 1000
            panel.references = [PlotReference(label: "±\(fixed(flag, 1)) ms flag", y: flag, color: "#ff9f1c"),
                                PlotReference(label: "", y: -flag, color: "#ff9f1c")]
        }
        if panel.series.isEmpty { panel.title += ": none (the model is flat at every frame)" }
        else { panel.title = "Timing errors (positive: the frame lags the model) and hitches" }
        return panel
    }

    /// The plot of a model over model time: stroke fractions, and rotation when a layer turns.
    public static func modelPlot(_ model: ResolvedModel, file: String, times: [Double], mode: PointMode) -> TimePlot {
        guard let first = times.first, let last = times.last else { return TimePlot(title: "Model \(model.name)", xLabel: "model time (s)") }
        let n = max(1200, times.count)
        let dense = (0...n).map { first + (last - first) * Double($0) / Double(n) }
        var fractions = PlotPanel(title: "Stroke fractions", yLabel: "strokeStart / strokeEnd", yRange: 0...1)
        var rotation = PlotPanel(title: "Rotation", yLabel: "rotation (°)", weight: 0.7)
        for (k, layer) in model.layers.enumerated() {
            var start = PlotSeries(name: "\(layer.name) strokeStart", key: "\(layer.name).strokeStart", color: colours[(2 * k) % colours.count], style: .line)
            var end = PlotSeries(name: "\(layer.name) strokeEnd", key: "\(layer.name).strokeEnd", color: colours[(2 * k + 1) % colours.count], style: .line)
            var turn = PlotSeries(name: "\(layer.name) rotation", key: "\(layer.name).rotation", color: colours[(2 * k) % colours.count], style: .line)
            var gap = true
            var turns = false
            for t in dense {
                let p = layer.presentation(at: t, mode: mode)
                guard p.state != .absent else { gap = true; continue }
                start.points.append(PlotPoint(x: t, y: p.values.strokeStart, breakBefore: gap))
                end.points.append(PlotPoint(x: t, y: p.values.strokeEnd, breakBefore: gap))
                turn.points.append(PlotPoint(x: t, y: p.values.rotationDegrees, breakBefore: gap))
                if p.values.rotation != 0 { turns = true }
                gap = false
            }
            fractions.series += [start, end]
            if turns { rotation.series.append(turn) }
        }
        var panels = [fractions]
        if !rotation.series.isEmpty { panels.append(rotation) }
        return TimePlot(title: "Model \(model.name) (\(file))", xLabel: "model time (s)", xRange: first...max(last, first + 1e-3), panels: panels)
    }
}
