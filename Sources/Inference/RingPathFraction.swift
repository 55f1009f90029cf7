#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrokeGeometry

/// Where a fraction of the inferred ring's path lies on screen, and back: the emitted path is one
/// whole clockwise UIKit arc, which Core Graphics draws as four 90° cubic Béziers, and Core
/// Animation cuts it at a fraction of each segment's length used as the Bézier parameter
/// (StrokeGeometry's `PointMode.coreAnimation`). So `strokeEnd = 1/16` is not 22.5° from the
/// path's start but about 22.9°: the angle wobbles by up to ±0.4° around `360 × fraction`, with a
/// period of a quarter turn. Fitting angles as if they were `360 × fraction` bends every eased
/// piece by that wobble, so the curves are fitted in fractions (measured angle mapped back) and
/// the self-check's angles come from fractions the same way.
///
/// The shape does not depend on the radius or on where the path starts (every segment is the
/// same quarter from its own start), so one table serves every ring.
enum RingPathFraction {
    /// Samples per turn of the table (the wobble is smooth: linear interpolation between them is
    /// good to far below 0.001°).
    static let resolution = 4096

    /// Degrees from the path's start (clockwise) at each of `resolution + 1` equally spaced
    /// fractions of one turn; increasing from 0 to 360.
    static let angles: [Double] = {
        let radius = 100.0
        let path = BezierPath.arc(center: Point(x: 0, y: 0), radius: radius, startAngle: 0, endAngle: 2 * Double.pi, clockwise: true)
            .strokePath()
        var out: [Double] = []
        out.reserveCapacity(resolution + 1)
        var previous = 0.0
        for i in 0...resolution {
            let f = Double(i) / Double(resolution)
            guard let p = path.point(atFraction: f, mode: .coreAnimation) else { out.append(360 * f); continue }
            var a = atan2(p.y, p.x) * 180 / Double.pi
            // Unwrapped along the turn (y down: increasing UIKit angle is clockwise on screen).
            while a < previous - 180 { a += 360 }
            if i == resolution { a = 360 }
            if i == 0 { a = 0 }
            out.append(a)
            previous = a
        }
        return out
    }()

    /// Degrees from the path's start (clockwise) where `fraction` of the path lies; whole turns
    /// beyond [0, 1] add 360° each.
    static func angle(atFraction fraction: Double) -> Double {
        let turns = fraction.rounded(.down)
        let x = (fraction - turns) * Double(resolution)
        let i = min(Int(x), resolution - 1)
        let w = x - Double(i)
        return 360 * turns + angles[i] + w * (angles[i + 1] - angles[i])
    }

    /// The fraction of the path at `degrees` from its start (clockwise): the inverse of
    /// ``angle(atFraction:)``.
    static func fraction(atAngle degrees: Double) -> Double {
        let turns = (degrees / 360).rounded(.down)
        let a = degrees - 360 * turns
        // The table is nearly uniform: start at the uniform guess and walk to the bracket.
        var i = min(max(Int(a / 360 * Double(resolution)), 0), resolution - 1)
        while i > 0 && angles[i] > a { i -= 1 }
        while i < resolution - 1 && angles[i + 1] < a { i += 1 }
        let span = angles[i + 1] - angles[i]
        let w = span > 0 ? (a - angles[i]) / span : 0
        return turns + (Double(i) + w) / Double(resolution)
    }
}
