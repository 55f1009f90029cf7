import Foundation
import Testing
import Raster
import StrokeGeometry
@testable import StrokeEstimation

@Suite("Ink that changes colour along the stroke")
struct GradientInkTests {
    /// An anti-aliased arc (4×4 samples a pixel) of radius 40 and width 10 around (60, 60) on a
    /// dark grey background, clockwise from 12 o'clock to `end`, butt ends, coloured by
    /// `colour(angle)`.
    static func arc(end: Double, colour: (Double) -> SIMD3<Double>) -> RGBAImage {
        var image = RGBAImage(width: 120, height: 120, fill: RGBA(51, 51, 51))
        let background = SIMD3<Double>(51, 51, 51)
        for y in 0..<120 {
            for x in 0..<120 {
                var covered = 0.0, ink = SIMD3<Double>.zero
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let dx = Double(x) + (Double(sx) + 0.5) / 4 - 60, dy = Double(y) + (Double(sy) + 0.5) / 4 - 60
                        var a = atan2(dx, -dy) * 180 / Double.pi
                        if a < 0 { a += 360 }
                        guard abs((dx * dx + dy * dy).squareRoot() - 40) <= 5, a <= end else { continue }
                        covered += 1 / 16
                        ink += colour(a) / 16
                    }
                }
                guard covered > 0 else { continue }
                let c = ink + (1 - covered) * background
                image[x: x, y: y] = RGBA(UInt8(c.x.rounded()), UInt8(c.y.rounded()), UInt8(c.z.rounded()))
            }
        }
        return image
    }

    /// Cyan at 12 o'clock through magenta to orange at 6 o'clock and beyond, as a Core Graphics
    /// gradient ring draws it.
    static func gradient(_ a: Double) -> SIMD3<Double> {
        let cyan = SIMD3<Double>(0, 255, 255), magenta = SIMD3<Double>(255, 0, 255), orange = SIMD3<Double>(255, 140, 0)
        let t = min(a, 360) / 360
        return t < 0.5 ? cyan + (magenta - cyan) * (t / 0.5) : magenta + (orange - magenta) * ((t - 0.5) / 0.5)
    }

    static let ring = RingGeometry(circle: Circle(center: Point(x: 60, y: 60), radius: 40), lineWidth: 10)

    @Test("a gradient's ends are read against the colour there, not one colour", arguments: [95.0, 183.5, 251.2, 330.0])
    func gradientEnds(end: Double) {
        var measurer = ArcMeasurer(ring: Self.ring, canvasWidth: 120, canvasHeight: 120)
        measurer.knownCap = .butt
        let m = measurer.measure(Self.arc(end: end, colour: Self.gradient))
        #expect(m.state == .arc)
        #expect(m.inkReadAlongStroke)
        #expect(angleDifference(m.startAngle ?? 999, 0) < 0.5)
        #expect(angleDifference(m.endAngle ?? 999, end) < 0.5, "end \(m.endAngle ?? -1) for \(end)")
    }

    @Test("a stroke of one colour keeps the one-colour reading")
    func oneColour() {
        var measurer = ArcMeasurer(ring: Self.ring, canvasWidth: 120, canvasHeight: 120)
        measurer.knownCap = .butt
        let m = measurer.measure(Self.arc(end: 251.2) { _ in SIMD3(0, 122, 255) })
        #expect(m.state == .arc)
        #expect(!m.inkReadAlongStroke)
        #expect(angleDifference(m.endAngle ?? 999, 251.2) < 0.5)
    }
}
