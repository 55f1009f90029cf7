import StrokeGeometry

/// Whether two numbers agree within an absolute tolerance.
func isClose(_ a: Double, _ b: Double, within tolerance: Double) -> Bool {
    abs(a - b) <= tolerance
}

/// Whether two points agree within an absolute tolerance on each coordinate.
func isClose(_ a: Point?, _ b: Point, within tolerance: Double) -> Bool {
    guard let a else { return false }
    return abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// The smaller difference between two directions in degrees, ignoring whole turns.
func degreesApart(_ a: Double, _ b: Double) -> Double {
    let d = abs((a - b).truncatingRemainder(dividingBy: 360))
    return min(d, 360 - d)
}

/// The ubiquitous spinner path of CA-TIMING.md §5.2: r = 50 about (100, 100), from 12 o'clock
/// clockwise all the way round.
let workedExamplePath = BezierPath.arc(
    center: Point(100, 100), radius: 50, startAngle: -Double.pi / 2, endAngle: 3 * Double.pi / 2,
    clockwise: true)

/// The payment tick of MODEL-FORMAT.md.
let tickPath = BezierPath(elements: [
    .move(to: Point(130, 150)), .line(to: Point(145, 165)), .line(to: Point(170, 140)),
])
