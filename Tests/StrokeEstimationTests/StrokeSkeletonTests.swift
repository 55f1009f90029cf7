import Testing
@testable import StrokeEstimation

/// The centre lines `OpenStrokeFinder` splits into strokes.
@Suite("Stroke skeletons")
struct StrokeSkeletonTests {
    /// A binary mask of thick segments (pixel centres within `width / 2` of one of them).
    static func mask(_ segments: [((Double, Double), (Double, Double))], width: Double, size: Int) -> [Bool] {
        (0..<(size * size)).map { i in
            let px = Double(i % size) + 0.5, py = Double(i / size) + 0.5
            return segments.contains { a, b in
                let dx = b.0 - a.0, dy = b.1 - a.1, l2 = dx * dx + dy * dy
                let t = min(1, max(0, ((px - a.0) * dx + (py - a.1) * dy) / l2))
                let qx = a.0 + t * dx - px, qy = a.1 + t * dy - py
                return (qx * qx + qy * qy).squareRoot() <= width / 2
            }
        }
    }

    @Test("a thick NW–SE line thins to one line with two ends (Zhang–Suen alone erases it)", arguments: [4.0, 6.0, 9.0])
    func diagonal(width: Double) {
        let size = 60
        let skeleton = StrokeSkeleton(mask: Self.mask([((10, 10), (48, 48))], width: width, size: size), width: size, height: size)
        let ends = skeleton.ends
        #expect(ends.count == 2)
        let path = ends.count == 2 ? skeleton.path(from: ends[0], to: ends[1]) : nil
        #expect((path?.count ?? 0) >= 30)
    }

    @Test("a tick keeps both arms: two ends, through the corner")
    func tick() {
        let size = 70
        let skeleton = StrokeSkeleton(mask: Self.mask([((12, 31), (25, 45)), ((25, 45), (50, 18))], width: 6, size: size), width: size, height: size)
        let ends = skeleton.ends
        #expect(ends.count == 2)
        let xs = ends.map { $0 % size }.sorted()
        #expect(xs.first.map { $0 < 18 } == true && xs.last.map { $0 > 44 } == true)
    }

    @Test("a cross has four ends")
    func cross() {
        let size = 80
        var skeleton = StrokeSkeleton(mask: Self.mask([((15, 15), (65, 65)), ((15, 65), (65, 15))], width: 10, size: size), width: size, height: size)
        skeleton.pruneSpurs(shorterThan: 7)
        #expect(skeleton.ends.count == 4)
    }
}
