#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster
import StrokeGeometry
import Testing
@testable import Inspection

/// What frames after the sample draw for the first time calls for a second ring search only
/// when it could be a ring: a growing progress bar does not, a ring drawn late does.
@Suite("Late changes: a second ring search only for what bends")
struct LateChangesTests {
    static let white = RGBA(255, 255, 255), blue = RGBA(26, 115, 232)
    /// The measured area: the first rings' box, top left of a 200 × 200 canvas.
    static let area = PixelRect(x: 10, y: 10, width: 80, height: 80)

    /// `frames` frames on white: from frame `from` on, `draw(image, k)` adds what frame k shows.
    static func changes(frames: Int, from: Int, draw: (inout RGBAImage, Int) -> Void) -> LateChanges {
        var late = LateChanges(width: 200, height: 200)
        for k in 0..<frames {
            var image = RGBAImage(width: 200, height: 200, fill: white)
            if k >= from { draw(&image, k) }
            late.add(image, changed: PixelRect(x: 0, y: 0, width: 200, height: 200))
        }
        return late
    }

    /// A ring of radius `r` at (cx, cy), 3 px wide, drawn clockwise from 12 o'clock up to `degrees`.
    static func ring(_ image: inout RGBAImage, cx: Double, cy: Double, r: Double, degrees: Double) {
        for y in 0..<image.height {
            for x in 0..<image.width {
                let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                guard abs((dx * dx + dy * dy).squareRoot() - r) <= 1.5 else { continue }
                var a = atan2(dx, -dy) * 180 / .pi
                if a < 0 { a += 360 }
                if a <= degrees { image.fill(PixelRect(x: x, y: y, width: 1, height: 1), with: blue) }
            }
        }
    }

    @Test("a progress bar that grows after the sample, beside the rings, calls for no search")
    func growingBar() {
        let late = Self.changes(frames: 60, from: 0) { image, k in
            image.fill(PixelRect(x: 20, y: 100, width: 2 * k + 2, height: 8), with: Self.blue)
        }
        // During the sample (the first 20 frames) the bar reached 40 px; after it, it grows to 120.
        #expect(!late.mayShowRing(outside: Self.area, from: 20))
    }

    @Test("a diagonal line drawn late calls for no search")
    func diagonalLine() {
        let late = Self.changes(frames: 40, from: 20) { image, k in
            for t in 0..<(4 * (k - 19)) { image.fill(PixelRect(x: 100 + t, y: 100 + t / 2, width: 2, height: 2), with: Self.blue) }
        }
        #expect(!late.mayShowRing(outside: Self.area, from: 20))
    }

    @Test("a ring drawn whole after the sample calls for a search")
    func wholeRing() {
        let late = Self.changes(frames: 30, from: 25) { image, _ in Self.ring(&image, cx: 150, cy: 150, r: 30, degrees: 360) }
        #expect(late.mayShowRing(outside: Self.area, from: 20))
    }

    @Test("a ring drawn up to 90° by the last frame calls for a search", arguments: [20.0, 40, 70])
    func growingArc(radius: Double) {
        let late = Self.changes(frames: 40, from: 25) { image, k in
            Self.ring(&image, cx: 120, cy: 120, r: radius, degrees: Double(k - 24) * 6)
        }
        #expect(late.mayShowRing(outside: Self.area, from: 20))
    }

    @Test("a ring drawn across the measured area's edge is judged whole: the part outside is a short arc")
    func ringOverTheEdge() {
        let late = Self.changes(frames: 30, from: 25) { image, _ in Self.ring(&image, cx: 70, cy: 70, r: 28, degrees: 360) }
        #expect(late.mayShowRing(outside: Self.area, from: 20))
    }

    @Test("what changes only inside the measured area, or during the sample, calls for no search")
    func insideOrEarly() {
        let inside = Self.changes(frames: 30, from: 25) { image, _ in Self.ring(&image, cx: 50, cy: 50, r: 20, degrees: 360) }
        #expect(!inside.mayShowRing(outside: Self.area, from: 20))
        let early = Self.changes(frames: 30, from: 5) { image, _ in Self.ring(&image, cx: 150, cy: 150, r: 30, degrees: 360) }
        #expect(!early.mayShowRing(outside: Self.area, from: 20))
    }

    @Test("the bend of a parabola's points is read back")
    func parabola() {
        let x = stride(from: -10.0, through: 10, by: 1).map { $0 }
        let c = LeastSquares.parabolaCurvature(x, x.map { 3 + 0.5 * $0 + 0.25 * $0 * $0 })
        #expect(abs((c ?? 0) - 0.25) < 1e-9)
        #expect(LeastSquares.parabolaCurvature([1, 1, 1], [0, 1, 2]) == nil)
    }
}

extension LateChangesTests {
    @Test("a small or thin ring, whose band the grid crosses at scattered points, calls for a search",
          arguments: [(8.0, 2.0), (12, 1.5), (18, 2), (25, 1.5), (40, 2)])
    func thinRings(radius: Double, width: Double) {
        for k in 0..<8 {
            let cx = 140 + Double(k) * 0.37, cy = 140 + Double(k) * 0.61
            let late = Self.changes(frames: 30, from: 25) { image, _ in
                for y in 0..<image.height {
                    for x in 0..<image.width {
                        let d = abs((pow(Double(x) + 0.5 - cx, 2) + pow(Double(y) + 0.5 - cy, 2)).squareRoot() - radius)
                        if d <= width / 2 { image.fill(PixelRect(x: x, y: y, width: 1, height: 1), with: Self.blue) }
                    }
                }
            }
            #expect(late.mayShowRing(outside: Self.area, from: 20), "centre (\(cx), \(cy))")
        }
    }
}
