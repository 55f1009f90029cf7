import Foundation
import Raster
import Rendering
import StrokeGeometry
import Testing

/// Where a rendered arc ends, measured from its pixels, is where the geometry puts it.
struct RasterizerArcEndTests {
    typealias Ref = RasterizerReference

    struct EndCase: Sendable, CustomStringConvertible {
        var radius: Double
        var strokeEnd: Double
        /// `transform.rotation.z`, radians.
        var rotation: Double
        /// Pixels per point.
        var scale: Double
        var description: String { "r \(radius), strokeEnd \(strokeEnd), rotation \(rotation), @\(scale)x" }
    }

    static let cases: [EndCase] = [
        EndCase(radius: 50, strokeEnd: 0.3, rotation: 0, scale: 1),
        EndCase(radius: 50, strokeEnd: 0.07, rotation: 0, scale: 2),
        EndCase(radius: 60, strokeEnd: 0.5, rotation: 0, scale: 1),
        EndCase(radius: 60, strokeEnd: 0.618, rotation: 0.3, scale: 1),
        EndCase(radius: 100, strokeEnd: 0.2137, rotation: 0, scale: 1),
        EndCase(radius: 100, strokeEnd: 0.75, rotation: -1.1, scale: 1),
        EndCase(radius: 100, strokeEnd: 0.93, rotation: 2.5, scale: 1),
        EndCase(radius: 40, strokeEnd: 0.401, rotation: 0.77, scale: 3),
    ]

    @Test("the butt end of a rendered arc, measured from the pixels, sits where the geometry says within 0.05°", arguments: cases)
    func buttEnd(_ c: EndCase) throws {
        // The ubiquitous spinner path in a layer whose frame puts the centre off the pixel grid.
        let side = 2 * c.radius + 20
        let geometry = LayerGeometry(
            path: .arc(
                center: Point(side / 2, side / 2), radius: c.radius, startAngle: -Double.pi / 2,
                endAngle: 3 * Double.pi / 2, clockwise: true),
            frame: Rect(x: 7.3, y: 4.6, width: side, height: side))
        let mapping = PixelMapping(scale: c.scale, origin: Point(0.25, 0.125))
        let pieces = mapping.pixelPieces(
            geometry.visiblePieces(strokeStart: 0.02, strokeEnd: c.strokeEnd, rotation: c.rotation))
        let mask = StrokeRasterizer.coverage(pieces: pieces, lineWidth: mapping.pixelLength(6), cap: .butt)

        let truth = try #require(
            geometry.arcOnScreen(strokeStart: 0.02, strokeEnd: c.strokeEnd, rotation: c.rotation)?.endAngle)
        let end = try #require(
            geometry.visibleStroke(strokeStart: 0.02, strokeEnd: c.strokeEnd, rotation: c.rotation).end)
        let centre = mapping.pixel(geometry.pathToScreen(rotation: c.rotation).apply(to: Point(side / 2, side / 2)))
        let cut = try #require(Ref.measuredCut(in: mask, end: mapping.pixel(end.point), tangent: end.tangent))
        let measured = onScreenAngle(of: cut, around: centre)
        #expect(Ref.degreesApart(measured, truth) < 0.05)
    }

    @Test("a round-capped end reaches lineWidth/2 beyond the end point along the tangent")
    func roundCapReach() throws {
        // A horizontal stroke ending at x = 40.3: the cap's tip is at 43.3; its column holds only
        // the thin sliver of the disc beyond x = 43 (area ≈ 0.12 px² in total).
        let mask = StrokeRasterizer.coverage(
            pieces: [Ref.line(Point(10, 20.5), Point(40.3, 20.5))], lineWidth: 6, cap: .round)
        var column43 = 0.0
        for row in 15..<27 { column43 += Double(mask[x: 43, y: row]) }
        // Circle segment of height 0.3 on radius 3: r²·acos((r−s)/r) − (r−s)·√(2rs − s²).
        let r = 3.0, s = 0.3
        let segment = r * r * acos((r - s) / r) - (r - s) * (2 * r * s - s * s).squareRoot()
        #expect(abs(column43 - segment) < 0.005)
        for row in 0..<40 { #expect(mask[x: 44, y: row] == 0) }
    }
}
