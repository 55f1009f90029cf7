import Foundation
import Raster
import Rendering
import StrokeGeometry
import Testing

/// Per-pixel coverage is the true area fraction to within 1/255.
struct RasterizerCoverageTests {
    typealias Ref = RasterizerReference

    /// Largest allowed difference from the exact area fraction.
    static let pixelTolerance = 1.0 / 255

    static func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [Point] {
        [Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)]
    }

    @Test(
        "a vertical edge at x = 10.25 leaves 0.75 coverage in its column (and any x in general)",
        arguments: [10.25, 10.5, 10.9, 10.001])
    func verticalEdge(x: Double) {
        let mask = StrokeRasterizer.coverage(of: StrokeOutline(polygons: [Self.rectangle(x, 5, 30, 15)]))
        let expected = 11 - x
        for row in 5..<15 {
            #expect(abs(Double(mask[x: 10, y: row]) - expected) <= Self.pixelTolerance)
            #expect(mask[x: 11, y: row] == 1)
            #expect(mask[x: 9, y: row] == 0)
        }
    }

    @Test("a horizontal edge at y = 5.3 leaves 0.7 coverage in its row", arguments: [5.3, 5.77, 5.5, 5.999])
    func horizontalEdge(y: Double) {
        let mask = StrokeRasterizer.coverage(of: StrokeOutline(polygons: [Self.rectangle(10, y, 30, 15)]))
        let expected = 6 - y
        for column in 10..<30 {
            #expect(abs(Double(mask[x: column, y: 5]) - expected) <= Self.pixelTolerance)
            #expect(mask[x: column, y: 6] == 1)
        }
    }

    @Test("a butt-capped stroke ending at x = 10.25 covers 0.75 of the boundary column")
    func strokeEndColumn() {
        let mask = StrokeRasterizer.coverage(
            pieces: [Ref.line(Point(30, 10), Point(10.25, 10))], lineWidth: 4, cap: .butt)
        for row in 8..<12 {
            #expect(abs(Double(mask[x: 10, y: row]) - 0.75) <= Self.pixelTolerance)
        }
    }

    @Test("every pixel of a triangle matches its exact clipped area", arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func triangleMatchesExactArea(seed: Int) {
        var numbers = Ref.Numbers(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15)
        let triangle = (0..<3).map { _ in Point(2 + 36 * numbers.next(), 2 + 36 * numbers.next()) }
        let mask = StrokeRasterizer.coverage(of: StrokeOutline(polygons: [triangle]))
        var worst = 0.0
        for row in 0..<42 {
            for column in 0..<42 {
                let exact = Ref.exactCoverage(of: triangle, column: column, row: row)
                worst = max(worst, abs(Double(mask[x: column, y: row]) - exact))
            }
        }
        // The vertical midpoint rule errs by at most half a sample line's share.
        #expect(worst <= 1.0 / 512 + 1e-6)
        #expect(abs(mask.sum - Ref.area(triangle)) < 0.01)
    }

    @Test("a straight stroke at any angle matches its exact per-pixel area", arguments: [0.0, 10.0, 33.3, 45.0, 71.0, 90.0, 151.0])
    func tiltedStrokeMatchesExactArea(angle: Double) {
        let radians = angle * Double.pi / 180
        let t = Point(cos(radians), sin(radians))
        let n = Point(-t.y, t.x)
        let a = Point(30.37, 30.81), b = a + t * 22
        let h = 2.5
        let quad = [a - n * h, b - n * h, b + n * h, a + n * h]
        let mask = StrokeRasterizer.coverage(pieces: [Ref.line(a, b)], lineWidth: 2 * h, cap: .butt)
        for row in 0..<64 {
            for column in 0..<64 {
                let exact = Ref.exactCoverage(of: quad, column: column, row: row)
                #expect(abs(Double(mask[x: column, y: row]) - exact) <= Self.pixelTolerance)
            }
        }
    }

    @Test("a pixel wholly inside the stroke has coverage exactly 1 and one wholly outside exactly 0")
    func wholePixels() {
        let radius = 30.0, width = 8.0, h = 4.0
        let centre = Point(40.5, 40.5)
        let path = BezierPath.oval(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius)
        let mask = StrokeRasterizer.coverage(
            pieces: path.strokePath().visiblePieces(strokeStart: 0, strokeEnd: 1), lineWidth: width)
        // The Bézier circle strays from the true one by at most 2.7e-4·r.
        let slack = 3e-4 * radius
        var inside = 0, outside = 0
        for row in mask.y..<(mask.y + mask.height) {
            for column in mask.x..<(mask.x + mask.width) {
                // Nearest and farthest distance of the pixel square from the centre.
                let dx0 = Double(column) - centre.x, dx1 = dx0 + 1
                let dy0 = Double(row) - centre.y, dy1 = dy0 + 1
                let nx = dx0 > 0 ? dx0 : (dx1 < 0 ? -dx1 : 0)
                let ny = dy0 > 0 ? dy0 : (dy1 < 0 ? -dy1 : 0)
                let near = (nx * nx + ny * ny).squareRoot()
                let far = (max(dx0 * dx0, dx1 * dx1) + max(dy0 * dy0, dy1 * dy1)).squareRoot()
                let value = mask[x: column, y: row]
                if near >= radius - h + slack && far <= radius + h - slack {
                    #expect(value == 1)
                    inside += 1
                } else if far <= radius - h - slack || near >= radius + h + slack {
                    #expect(value == 0)
                    outside += 1
                }
            }
        }
        #expect(inside > 500 && outside > 1000)
        #expect(mask[x: 40, y: 40] == 0)
    }

    @Test("a clip rectangle returns exactly the clipped part of the unclipped coverage")
    func clipping() {
        let path = BezierPath.arc(center: Point(50, 50), radius: 40, startAngle: 0.3, endAngle: 4, clockwise: true)
        let pieces = path.strokePath().visiblePieces(strokeStart: 0, strokeEnd: 1)
        let whole = StrokeRasterizer.coverage(pieces: pieces, lineWidth: 6, cap: .round)
        let clip = PixelRect(x: 20, y: 35, width: 50, height: 70)
        let part = StrokeRasterizer.coverage(pieces: pieces, lineWidth: 6, cap: .round, clip: clip)
        #expect(clip.contains(part.rect))
        for row in clip.y..<clip.maxY {
            for column in clip.x..<clip.maxX {
                #expect(abs(part[x: column, y: row] - whole[x: column, y: row]) <= 1e-6)
            }
        }
        let outsideImage = StrokeRasterizer.coverage(
            pieces: pieces, lineWidth: 6, clip: PixelRect(x: 200, y: 200, width: 10, height: 10))
        #expect(outsideImage.isEmpty)
    }
}
