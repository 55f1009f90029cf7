#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The few libm functions the module needs, in one place so that no other file has to repeat the
// platform imports.
@inline(__always) func sine(_ x: Double) -> Double { sin(x) }
@inline(__always) func cosine(_ x: Double) -> Double { cos(x) }
@inline(__always) func tangent(_ x: Double) -> Double { tan(x) }
@inline(__always) func arcTangent2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@inline(__always) func arcSine(_ x: Double) -> Double { asin(x) }
@inline(__always) func hypotenuse(_ x: Double, _ y: Double) -> Double { hypot(x, y) }
@inline(__always) func remainderTruncating(_ x: Double, _ y: Double) -> Double { fmod(x, y) }

/// Radians in one degree.
let radiansPerDegree = Double.pi / 180

/// Wraps an angle in degrees into [0, 360), turning −0 into 0 and never returning 360 itself.
///
/// - Parameter degrees: any finite angle, in degrees.
/// - Returns: the same direction, in degrees, in [0, 360).
public func wrapDegrees(_ degrees: Double) -> Double {
    var wrapped = remainderTruncating(degrees, 360)
    if wrapped < 0 { wrapped += 360 }
    // A tiny negative remainder plus 360 rounds to exactly 360.
    if wrapped >= 360 { wrapped -= 360 }
    return wrapped == 0 ? 0 : wrapped
}

/// Wraps an angle in radians into [0, 2π), never returning 2π itself.
///
/// - Parameter radians: any finite angle, in radians.
/// - Returns: the same direction, in radians, in [0, 2π).
public func wrapRadians(_ radians: Double) -> Double {
    let fullTurn = 2 * Double.pi
    var wrapped = remainderTruncating(radians, fullTurn)
    if wrapped < 0 { wrapped += fullTurn }
    if wrapped >= fullTurn { wrapped -= fullTurn }
    return wrapped == 0 ? 0 : wrapped
}

@inline(__always) func arcCosine(_ x: Double) -> Double { acos(x) }

/// The smaller angle between two directions, in degrees in [0, 180].
public func degreesApart(_ a: Double, _ b: Double) -> Double {
    let d = wrapDegrees(a - b)
    return min(d, 360 - d)
}
