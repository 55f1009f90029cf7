import AnimationModel
import Fitting
import Raster
import StrokeEstimation
import StrokeGeometry

extension Inspector {
    /// The pixels the measurers read: each ring's band and each path's line, with a wide margin
    /// (the samplers reach a line width and a few pixels past the stroke); nil for none.
    static func measuredArea(_ layers: [PlacedLayer], width: Int, height: Int) -> PixelRect? {
        var boxes: [Rect] = []
        for layer in layers {
            switch layer.kind {
            case .ring(let ring, _, _):
                let reach = ring.circle.radius + ring.lineWidth + 12
                boxes.append(Rect(x: ring.circle.center.x - reach, y: ring.circle.center.y - reach, width: 2 * reach, height: 2 * reach))
            case .path(let measurer, _, let lineWidth, _):
                let xs = measurer.points.map(\.x), ys = measurer.points.map(\.y)
                guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
                let reach = lineWidth + 12
                boxes.append(Rect(x: x0 - reach, y: y0 - reach, width: x1 - x0 + 2 * reach, height: y1 - y0 + 2 * reach))
            }
        }
        guard let first = boxes.first else { return nil }
        let all = boxes.dropFirst().reduce(first) { a, b in
            let x = min(a.minX, b.minX), y = min(a.minY, b.minY)
            return Rect(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y)
        }
        guard all.minX.isFinite, all.minY.isFinite, all.maxX.isFinite, all.maxY.isFinite else { return nil }
        let x = max(0, Int(saturating: all.minX.rounded(.down))), y = max(0, Int(saturating: all.minY.rounded(.down)))
        let maxX = min(width, Int(saturating: all.maxX.rounded(.up))), maxY = min(height, Int(saturating: all.maxY.rounded(.up)))
        return PixelRect(x: x, y: y, width: max(0, maxX - x), height: max(0, maxY - y))
    }

    /// The public layers from the measured ones: caps (inferred when no model says), the cap
    /// correction, angles and fractions. `scene`: the frames found rings are judged on.
    func finish(_ placed: [PlacedLayer], readings: [[LayerReading]], inks: [[RGBA]], scene: Range<Int>,
                inspection: inout Inspection) -> [Inspection.Layer] {
        var layers: [Inspection.Layer] = []
        for (k, layer) in placed.enumerated() {
            var result: Inspection.Layer
            switch layer.kind {
            case .path(let measurer, let ink, let lineWidth, let modelLayer):
                result = Inspection.Layer(name: layer.name, kind: .path(lengthPixels: measurer.length, lineWidth: lineWidth, ink: ink, modelLayer: modelLayer),
                                          readings: readings[k], inkColours: inks[k])
                result.points = measurer.points
                if let found = layer.found { result.confidence = LayerConfidence.judge(found: found, readings: readings[k]) }
            case .ring(let ring, let measurer, let modelLayer):
                result = Inspection.Layer(name: layer.name, kind: .ring(ring, modelLayer: modelLayer), readings: readings[k], inkColours: inks[k])
                guard let measurer else { break }
                let cap = self.cap(of: layer, judged: measurer.inferredCap, assumptions: &inspection.assumptions)
                result.cap = cap
                let fractions = FractionMapper(layer: modelLayer, ring: ring, scale: inspection.scale, origin: inspection.origin)
                if let note = fractions.unavailableReason { inspection.assumptions.append("\(layer.name): \(note)") }
                for i in result.readings.indices {
                    guard let raw = result.readings[i].arc else { continue }
                    result.readings[i] = Self.reading(raw.correcting(for: cap, radius: ring.circle.radius, clockwise: measurer.convention.clockwise),
                                                      fractions: fractions, note: result.readings[i].note)
                }
                // A ring found with no model is judged; a model's layer is placed where the
                // model says, and only its readings can speak against it.
                let found = modelLayer == nil
                let judged = found ? Array(result.readings[scene.clamped(to: result.readings.indices)]) : result.readings
                result.confidence = LayerConfidence.judge(ring: ring, plausibility: layer.plausibility, readings: judged, found: found)
                if let modelLayer, !modelLayer.isAnimated, placed.contains(where: { $0.modelLayer?.isAnimated == true }) {
                    result.confidence.add(LayerConfidence.staticModelLayer.0, LayerConfidence.staticModelLayer.1)
                }
            }
            layers.append(result)
        }
        LayerConfidence.markCompanions(&layers)
        return layers
    }

    /// When each ring repeats and where each stroke vanishes, from the readings alone. Run once
    /// the measuring pass has let go of its decoder, canvases and measurers: the period search
    /// spreads over the cores, and beside them it would add to the run's memory peak.
    func addRepeats(to inspection: inout Inspection) {
        let times = inspection.frames.map(\.time)
        let parallel = options.parallel
        for k in inspection.layers.indices {
            let readings = inspection.layers[k].readings
            let arcs = readings.compactMap(\.arc)
            if case .ring = inspection.layers[k].kind, arcs.count == readings.count {
                inspection.layers[k].period = PeriodFinder.period(arcs, times: times, scoring: { ParallelMap.chunkedMap($0, parallel: parallel, $1) })
            }
            inspection.layers[k].vanishes = readings.indices.filter { i in
                i > 0 && readings[i].state == .empty && readings[i - 1].state != .empty
            }
        }
    }

    /// A ring's reading from its cap-corrected measurement.
    private static func reading(_ m: ArcMeasurement, fractions: FractionMapper, note: String?) -> LayerReading {
        var r = LayerReading(state: m.state, startAngle: m.startAngle, endAngle: m.endAngle, note: note, arc: m)
        r.segments = m.segments
        if m.state == .arc, let s = m.startAngle, let e = m.endAngle, let f = fractions.fractions(start: s, end: e) {
            r.strokeStart = f.start
            r.strokeEnd = f.end
        } else if m.state == .full {
            r.strokeStart = 0
            r.strokeEnd = 1
        }
        return r
    }

    /// The cap a ring's ends are corrected for: `--cap`, else the model's, else the one judged
    /// from the ends' shape (butt when they cannot tell), said in the assumptions.
    private func cap(of layer: PlacedLayer, judged: LineCap?, assumptions: inout [String]) -> LineCap {
        if let given = options.cap { return given }
        if let fromModel = layer.modelCap { return fromModel }
        if let judged {
            assumptions.append("\(layer.name): \(judged.rawValue) caps, judged from the shape of the stroke's ends (give --cap to override)")
            return judged
        }
        assumptions.append("\(layer.name): butt caps assumed: the stroke's ends do not show whether they are round or butt (give --cap or --model)")
        return .butt
    }
}
