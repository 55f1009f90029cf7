import Testing
@testable import StrokeEstimation

/// A found stroke's ink has no holes: a few pixels inside it that noise took off the ink's
/// colour are filled before thinning (or its skeleton is a loop with no ends); a letter's or a
/// ring's hole stays.
@Suite("Small holes in a stroke's ink are filled before thinning")
struct SmallHolesTests {
    /// A 40 × 12 bar (inside a 44 × 16 mask) with the pixels of `holes` cleared.
    static func bar(clearing holes: [(Int, Int)]) -> [Bool] {
        var mask = [Bool](repeating: false, count: 44 * 16)
        for y in 2..<14 { for x in 2..<42 { mask[y * 44 + x] = true } }
        for (x, y) in holes { mask[y * 44 + x] = false }
        return mask
    }

    @Test("a hole of a few pixels inside a bar is filled: the bar's skeleton has its two ends")
    func smallHoleFilled() {
        var mask = Self.bar(clearing: [(20, 7), (21, 7), (20, 8), (21, 8), (22, 8)])
        ComponentStrokes.fillSmallHoles(&mask, width: 44, height: 16, upTo: 24)
        #expect(mask == Self.bar(clearing: []))
        #expect(StrokeSkeleton(mask: mask, width: 44, height: 16).ends.count == 2)
    }

    @Test("a hole that touches the outside only across a corner is still a hole (the ink is 8-connected)")
    func diagonalHole() {
        // The bar's corner pixel (2, 2) is cut away; (3, 3) touches it only diagonally.
        var mask = Self.bar(clearing: [(2, 2), (3, 3)])
        ComponentStrokes.fillSmallHoles(&mask, width: 44, height: 16, upTo: 24)
        #expect(mask == Self.bar(clearing: [(2, 2)]))
    }

    @Test("a ring's hole, larger than the limit, stays; so does a notch open to the outside")
    func largeHoleAndNotchKept() {
        var ring = [Bool](repeating: false, count: 30 * 30)
        for y in 0..<30 { for x in 0..<30 {
            let d = ((Double(x) - 14.5) * (Double(x) - 14.5) + (Double(y) - 14.5) * (Double(y) - 14.5)).squareRoot()
            ring[y * 30 + x] = d >= 8 && d <= 12
        } }
        let before = ring
        ComponentStrokes.fillSmallHoles(&ring, width: 30, height: 30, upTo: 20)
        #expect(ring == before)
        // A notch from the bar's edge inwards is outside, not a hole.
        var notched = Self.bar(clearing: [(20, 2), (20, 3), (20, 4)])
        ComponentStrokes.fillSmallHoles(&notched, width: 44, height: 16, upTo: 24)
        #expect(notched == Self.bar(clearing: [(20, 2), (20, 3), (20, 4)]))
    }
}
