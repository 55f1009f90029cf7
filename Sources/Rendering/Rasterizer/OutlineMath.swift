#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import StrokeGeometry

/// The few libm functions and vector helpers the rasteriser needs, kept in one namespace so that
/// nothing clashes with other files of the module.
enum OutlineMath {
    @inline(__always) static func cos(_ x: Double) -> Double { libmCos(x) }
    @inline(__always) static func sin(_ x: Double) -> Double { libmSin(x) }
    @inline(__always) static func acos(_ x: Double) -> Double { libmAcos(x) }
    @inline(__always) static func atan2(_ y: Double, _ x: Double) -> Double { libmAtan2(y, x) }

    /// The z component of the cross product `a × b` (positive when `b` turns from `a` towards +y,
    /// i.e. clockwise on a y-down screen).
    @inline(__always) static func cross(_ a: Point, _ b: Point) -> Double { a.x * b.y - a.y * b.x }

    /// `v` turned by +90° (from +x towards +y): the stroke's "left" normal of a unit tangent.
    @inline(__always) static func normal(_ v: Point) -> Point { Point(-v.y, v.x) }

    /// `v` turned by `angle` radians (from +x towards +y).
    @inline(__always) static func rotate(_ v: Point, by angle: Double) -> Point {
        let c = cos(angle)
        let s = sin(angle)
        return Point(v.x * c - v.y * s, v.x * s + v.y * c)
    }

    /// Twice the signed area of a polygon (shoelace sum), in pixels²; positive for the orientation
    /// every outline polygon is given.
    static func doubleSignedArea(_ polygon: [Point]) -> Double {
        guard polygon.count >= 3 else { return 0 }
        var sum = 0.0
        var previous = polygon[polygon.count - 1]
        for p in polygon {
            sum += previous.x * p.y - p.x * previous.y
            previous = p
        }
        return sum
    }

    /// Distance from `p` to the line through `a` and `b` (to `a` itself when they coincide).
    static func distance(_ p: Point, toLineThrough a: Point, _ b: Point) -> Double {
        let d = b - a
        let l = d.length
        guard l > 0 else { return p.distance(to: a) }
        return abs(cross(d, p - a)) / l
    }
}

// File-scope forwarders: inside `OutlineMath` the names `cos`, `sin`… would mean its own members.
@inline(__always) private func libmCos(_ x: Double) -> Double { cos(x) }
@inline(__always) private func libmSin(_ x: Double) -> Double { sin(x) }
@inline(__always) private func libmAcos(_ x: Double) -> Double { acos(x) }
@inline(__always) private func libmAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
