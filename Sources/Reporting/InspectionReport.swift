import Inspection
import JSON
import Reports
import StrokeGeometry

/// An inspection as the tool prints it: the summary and per-frame table (`report`, for the
/// terminal, CSV and Markdown) and the `strokescope-inspect/1` document (`json`, CLI-CONTRACT.md).
public struct InspectionReport: Sendable {
    public let inspection: Inspection

    public init(_ inspection: Inspection) {
        self.inspection = inspection
    }

    /// How a layer is described in the summary and the JSON.
    public func layerDescription(_ k: Int) -> (kind: String, center: Point?, radius: Double?, lineWidth: Double?, colour: String?, cap: LineCap?) {
        let layer = inspection.layers[k]
        switch layer.kind {
        case .ring(let ring, _):
            return ("arc", ring.circle.center, ring.circle.radius, layer.lineWidth, layer.colour?.hex, layer.cap)
        case .path(_, let width, let ink, let model):
            return ("path", nil, nil, width, ink?.hex ?? layer.colour?.hex, model.style.lineCap)
        }
    }

    public var report: Report {
        var report = Report(title: "Inspect \(inspection.file)")
        report.addSummary("canvas (px)", .string("\(inspection.canvasWidth)×\(inspection.canvasHeight)"), key: "canvas")
        report.addSummary("frames", .int(inspection.frames.count))
        for k in inspection.layers.indices {
            let d = layerDescription(k)
            var text = d.kind
            if let c = d.center, let r = d.radius {
                text += " centre (\(fixed(c.x, 2)), \(fixed(c.y, 2))) px, radius \(fixed(r, 2)) px"
            }
            if let w = d.lineWidth { text += ", line width \(fixed(w, 2)) px" }
            if let colour = d.colour { text += ", colour \(colour)" }
            if let cap = d.cap { text += ", \(cap.rawValue) caps" }
            report.addSummary(inspection.layers[k].name, .string(text), key: "layer\(k)")
            let confidence = inspection.layers[k].confidence
            if confidence.value < 1 {
                let label = confidence.isTentative ? " (tentative: do not rely on it)" : ""
                report.addSummary("\(inspection.layers[k].name) confidence", .string("\(fixed(confidence.value, 2))\(label): \(confidence.reasons.joined(separator: "; "))"),
                                  key: "confidence\(k)")
            }
            if let p = inspection.layers[k].period {
                report.addSummary("\(inspection.layers[k].name) repeats every (ms)",
                                  .string("\(fixed(milliseconds(p.seconds), 1)) (\(fixed(p.frames, 2)) frames)"), key: "period\(k)")
            }
            if case let v = inspection.layers[k].vanishes, !v.isEmpty {
                let list = v.prefix(12).map(String.init).joined(separator: ", ") + (v.count > 12 ? ", ..." : "")
                report.addSummary("\(inspection.layers[k].name) vanishes at frames", .string(list), key: "vanishes\(k)")
            }
        }
        for (k, t) in inspection.tracks.enumerated() {
            report.addSummary("track", .string("under \(t.under): centre (\(fixed(t.ring.circle.center.x, 2)), \(fixed(t.ring.circle.center.y, 2))) px, radius \(fixed(t.ring.circle.radius, 2)) px, line width \(fixed(t.ring.lineWidth, 2)) px, colour \(t.ring.colour.hex) (static: not measured)"),
                              key: "track\(k)")
        }
        report.notes = inspection.assumptions
        var table = Table(key: "frames", columns: [
            Column("frame", key: "index"), Column("time (ms)", key: "timeMs"),
            Column("layer", key: "layer", alignment: .left), Column("state", key: "state", alignment: .left),
            Column("start angle (°)", key: "startAngle"), Column("end angle (°)", key: "endAngle"),
            Column("strokeStart", key: "strokeStart"), Column("strokeEnd", key: "strokeEnd"),
            Column("pieces", key: "pieces"),
        ])
        for (i, frame) in inspection.frames.enumerated() {
            for track in inspection.layers {
                let m = track.readings[i]
                table.append([.int(frame.info.index), .double(milliseconds(frame.time), decimals: 0), .string(track.name),
                              .string(m.state.rawValue), Cell(m.startAngle.map { displayAngle($0, 2) }, decimals: 2), Cell(m.endAngle.map { displayAngle($0, 2) }, decimals: 2),
                              Cell(m.strokeStart, decimals: 4), Cell(m.strokeEnd, decimals: 4),
                              m.state == .arc ? .int(1 + m.segments.count) : .empty])
            }
        }
        report.tables.append(table)
        return report
    }

    public var json: JSONValue {
        let layers: [JSONValue] = inspection.layers.indices.map { k in
            let d = layerDescription(k)
            var o = JSONObject([("name", .string(inspection.layers[k].name)), ("kind", .string(d.kind))])
            if let c = d.center { o.append("center", .array([.number(c.x, decimals: 4), .number(c.y, decimals: 4)])) }
            if let r = d.radius { o.append("radius", .number(r, decimals: 4)) }
            if let w = d.lineWidth { o.append("lineWidth", .number(w, decimals: 4)) }
            o.append("strokeColor", d.colour.map { .string($0) } ?? .null)
            o.append("confidence", .number(inspection.layers[k].confidence.value, decimals: 2))
            if case let reasons = inspection.layers[k].confidence.reasons, !reasons.isEmpty {
                o.append("warnings", .array(reasons.map { .string($0) }))
            }
            if let cap = d.cap { o.append("lineCap", .string(cap.rawValue)) }
            if let points = inspection.layers[k].points {
                o.append("points", .array(points.map { .array([.number($0.x, decimals: 4), .number($0.y, decimals: 4)]) }))
            }
            if let p = inspection.layers[k].period {
                o.append("period", .object(JSONObject([("seconds", .number(p.seconds, decimals: 6)), ("frames", .number(p.frames, decimals: 4)),
                                                       ("mismatch", .number(p.mismatch, decimals: 4))])))
            } else {
                o.append("period", .null)
            }
            o.append("vanishes", .array(inspection.layers[k].vanishes.map { .int($0) }))
            return .object(o)
        }
        let frames: [JSONValue] = inspection.frames.enumerated().map { i, frame in
            // A movie's frames store no delay (CLI-CONTRACT.md: delayCentiseconds is absent).
            let stored: [(String, JSONValue)] = inspection.format == .movie ? [] : [("delayCentiseconds", .int(frame.info.delayCentiseconds))]
            return .object(JSONObject([
                ("index", .int(frame.info.index)),
                ("time", .number(frame.time, decimals: 6)),
                ("delay", .number(frame.delay, decimals: 6)),
            ] + stored + [
                ("layers", .array(inspection.layers.map { track in
                    let m = track.readings[i]
                    var o = JSONObject([("name", .string(track.name)), ("state", .string(m.state.rawValue))])
                    if m.state == .arc {
                        if let a = m.startAngle { o.append("startAngle", .number(displayAngle(a, 4), decimals: 4)) }
                        if let a = m.endAngle { o.append("endAngle", .number(displayAngle(a, 4), decimals: 4)) }
                    }
                    if let f = m.strokeStart { o.append("strokeStart", .number(f, decimals: 6)) }
                    if let f = m.strokeEnd { o.append("strokeEnd", .number(f, decimals: 6)) }
                    if !m.segments.isEmpty {
                        o.append("segments", .array(m.segments.map { .object(JSONObject([("startAngle", .number(displayAngle($0.start, 4), decimals: 4)), ("endAngle", .number(displayAngle($0.end, 4), decimals: 4))])) }))
                    }
                    if let note = m.note { o.append(m.state == .unknown ? "reason" : "note", .string(note)) }
                    return .object(o)
                })),
            ]))
        }
        var top = JSONObject([
            ("schema", .string("strokescope-inspect/1")),
            ("file", .string(inspection.file)),
            ("canvas", .object(JSONObject([("width", .int(inspection.canvasWidth)), ("height", .int(inspection.canvasHeight))]))),
        ])
        if let s = inspection.scale { top.append("scale", .number(s, decimals: 6)) }
        if let o = inspection.origin { top.append("origin", .array([.number(o.x, decimals: 4), .number(o.y, decimals: 4)])) }
        top.append("assumptions", .array(inspection.assumptions.map { .string($0) }))
        top.append("layers", .array(layers))
        top.append("tracks", .array(inspection.tracks.map { t in
            .object(JSONObject([("center", .array([.number(t.ring.circle.center.x, decimals: 4), .number(t.ring.circle.center.y, decimals: 4)])),
                                ("radius", .number(t.ring.circle.radius, decimals: 4)), ("lineWidth", .number(t.ring.lineWidth, decimals: 4)),
                                ("color", .string(t.ring.colour.hex)), ("under", .string(t.under))]))
        }))
        top.append("frames", .array(frames))
        top.append("warnings", .array(inspection.warnings.map { .string($0) }))
        return .object(top)
    }
}
