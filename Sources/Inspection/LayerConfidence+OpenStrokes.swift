import StrokeEstimation

extension LayerConfidence {
    /// An open stroke found with no model: the finder's evidence (its shape, and its ink settling
    /// along it), then its readings, which must show it being drawn on: partly drawn in several
    /// frames, the drawn length growing rather than jumping back and forth.
    static func judge(found: FoundStroke, readings: [LayerReading]) -> LayerConfidence {
        var findings: [(Double, String)] = found.reasons.map { (found.confidence, $0) }
        // Even with every piece of evidence, the path is the ink's guess, not a model's.
        findings.append((found.confidence, "found with no model: the path is fitted to the ink the recording draws and keeps"))
        let partial = readings.filter { $0.state == .arc }.count
        if partial < 2 {
            findings.append((0.3, "drawn partly in \(partial) frame\(partial == 1 ? "" : "s"): not seen being drawn on"))
        }
        let ends = readings.map { r -> Double? in
            switch r.state {
            case .empty: return 0
            case .arc, .full: return r.strokeEnd
            default: return nil
            }
        }
        var drops = 0, steps = 0
        for (a, b) in zip(ends, ends.dropFirst()) {
            guard let a, let b, a > 0 || b > 0 else { continue }
            steps += 1
            if b < a - 0.05 { drops += 1 }
        }
        if drops > max(1, steps / 10) {
            findings.append((0.4, "its drawn length falls back in \(drops) of \(steps) frames: not one stroke drawn on"))
        }
        let unknown = readings.filter { $0.state == .unknown }
        if unknown.count * 2 > readings.count {
            let why = unknown.compactMap(\.note).first.map { ": \($0)" } ?? ""
            findings.append((0.4, "\(unknown.count) of \(readings.count) frames cannot be read\(why)"))
        }
        findings.sort { $0.0 < $1.0 }
        return LayerConfidence(value: min(found.confidence, findings.first?.0 ?? 1), reasons: findings.map(\.1))
    }
}
