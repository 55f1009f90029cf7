/// A line cap (`CAShapeLayer.lineCap`).
public enum LineCap: String, Sendable, Hashable, CaseIterable {
    /// Ends exactly at the end point (the default).
    case butt
    /// A half-disc of radius `lineWidth/2` beyond the end point.
    case round
    /// A half-square reaching `lineWidth/2` beyond the end point along the tangent.
    case square

    /// How far the cap reaches beyond the end point along the direction of travel, in points:
    /// 0 for butt, `lineWidth/2` for square and round (the tip of the half-disc).
    public func reach(lineWidth: Double) -> Double {
        self == .butt ? 0 : abs(lineWidth) / 2
    }

    /// The extra angle, in radians (≥ 0), that this cap adds beyond an end of a stroke along a
    /// circle of radius `radius` points; about `(lineWidth/2)/radius` for round and square caps.
    ///
    /// - `.farthestPoint`: the largest angle about the circle's centre that any point of the cap
    ///   reaches — for a round cap the point where a line from the centre grazes the half-disc,
    ///   `asin(h/r)`; for a square cap its inner corner, `atan2(h, r − h)` (h = lineWidth/2).
    /// - `.centreLine`: how far the cap covers the stroke's centre circle —
    ///   `2·asin(h/(2r))` for round, and the angle at which the circle leaves the square for square.
    public func extraAngle(lineWidth: Double, radius: Double, measure: CapAngleMeasure = .farthestPoint) -> Double {
        let h = abs(lineWidth) / 2
        let r = abs(radius)
        guard self != .butt, h > 0 else { return 0 }
        guard r > 0 else { return Double.pi / 2 }
        switch (self, measure) {
        case (.round, .farthestPoint):
            return arcSine(min(h / r, 1))
        case (.round, .centreLine):
            return 2 * arcSine(min(h / (2 * r), 1))
        case (.square, .farthestPoint):
            return arcTangent2(h, r - h)
        case (.square, .centreLine):
            // The circle leaves the square through its far side (r·sin φ = h) or, on a tight
            // circle, through its inner side (r·(1 − cos φ) = h), whichever comes first.
            return min(arcSine(min(h / r, 1)), arcCosine(max(1 - h / r, -1)))
        case (.butt, _):
            return 0
        }
    }
}
