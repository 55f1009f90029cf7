/// Telling round caps from butt caps when no model says which, and correcting measured ends.
public enum CapInference {
    /// Round when the ends clearly recede towards the band's edges over many ends (see
    /// `ArcMeasurement.capEvidence`), butt otherwise; square caps cannot be told from butt
    /// ones by their shape. Too few ends to judge: nil.
    public static func infer(_ measurements: [ArcMeasurement]) -> CapStyle? {
        let evidence = measurements.flatMap(\.capEvidence).sorted()
        guard evidence.count >= 6 else { return nil }
        let median = evidence[evidence.count / 2]
        return median > 0.07 ? .round : .butt
    }
}

extension ArcMeasurement {
    /// The same measurement with the ends moved in by what a `cap` adds beyond each end (the
    /// measurement was made assuming butt caps).
    public func correcting(for cap: CapStyle, radius: Double, clockwise: Bool) -> ArcMeasurement {
        guard cap != .butt, state == .arc, let w = lineWidth, radius > 0 else { return self }
        let shift = cap.extraLength(lineWidth: w) / radius * 180 / Double.pi * (clockwise ? 1 : -1)
        var m = self
        if let s = startAngle, let e = endAngle {
            // A piece shorter than its two caps shrinks to its midpoint.
            let span = clockwise ? wrap(e - s) : wrap(s - e)
            if span <= 2 * abs(shift) {
                let mid = wrap(s + (clockwise ? 1 : -1) * span / 2)
                m.startAngle = mid
                m.endAngle = mid
            } else {
                m.startAngle = wrap(s + shift)
                m.endAngle = wrap(e - shift)
            }
        }
        m.segments = segments.map { (wrap($0.start + shift), wrap($0.end - shift)) }
        return m
    }
}
