import AnimationModel
import StrokeEstimation
import StrokeGeometry

/// Turns measured on-screen angles into stroke fractions: through the model layer's path when
/// there is one (Core Animation's parameter split inverted), else as angles / 360 from 12 o'clock.
struct FractionMapper {
    let layer: ResolvedLayer?
    let ring: RingGeometry
    let scale: Double?
    let origin: Point?
    /// Set when fractions cannot be told from the picture.
    var unavailableReason: String? {
        guard let layer else { return nil }
        let rotates = (0...64).contains { layer.values(at: Double($0) * 0.25).rotation != 0 }
        return rotates ? "the model rotates this layer, so strokeStart and strokeEnd depend on the rotation at each instant and are not reported (the fit compares angles)" : nil
    }

    func fractions(start: Double, end: Double) -> (start: Double, end: Double)? {
        guard let layer else {
            // No model: a full circle from 12 o'clock clockwise; a piece across 12 o'clock has
            // no such reading, unless it starts within half a degree of 12 o'clock (noise).
            if end >= start { return (start / 360, end / 360) }
            if 360 - start <= 0.5 { return (0, end / 360) }
            return nil
        }
        guard unavailableReason == nil, let circle = layer.geometry.circularArc else { return nil }
        let transform = layer.geometry.pathToScreen(rotation: 0)
        let centre = transform.apply(to: circle.center)
        let path = layer.geometry.strokePath
        func angle(_ f: Double) -> Double {
            guard let p = path.point(atFraction: f) else { return 0 }
            return onScreenAngle(of: transform.apply(to: p), around: centre)
        }
        let direction = circle.sweep >= 0 ? 1.0 : -1.0
        let sweep = abs(circle.sweep) * 180 / Double.pi
        let start0 = angle(0)
        func fraction(_ theta: Double) -> Double {
            var travelled = (direction * (theta - start0)).truncatingRemainder(dividingBy: 360)
            if travelled < 0 { travelled += 360 }
            if travelled > sweep {
                // Outside a partial arc: the nearer end.
                return travelled - sweep < 360 - travelled ? 1 : 0
            }
            var f = travelled / sweep
            for _ in 0..<3 {
                var d = direction * (theta - angle(f))
                d = d.truncatingRemainder(dividingBy: 360)
                if d > 180 { d -= 360 } else if d < -180 { d += 360 }
                f = min(max(f + d / sweep, 0), 1)
            }
            return f
        }
        var s = fraction(start), e = fraction(end)
        // Near the path's start (within half a degree, or the line width's angle) a measured
        // end can fall on either side of the seam: a start just before it means 0, an end just
        // after it means 1. When both are near, the nearer one is the one across: a piece
        // from 359.98° to 4° starts at 0, and one from 356° to 0.02° ends at 1.
        let tolerance = max(0.5, ring.lineWidth / ring.circle.radius * 180 / Double.pi) / sweep
        if e < s, min(1 - s, e) < tolerance {
            if 1 - s <= e { s = 0 } else { e = 1 }
        }
        guard s <= e else { return nil }
        return (s, e)
    }
}
