import Testing
import Raster
import StrokeGeometry
@testable import StrokeEstimation

@Suite("Short pieces on 1-bit pixels are fitted with the line's width")
struct ShortPieceWidthTests {
    // A round piece much shorter than a pixel is a disc of the line's width. Its own frame reads
    // the width from the ink across the band, the median over the disc's chords: short (about
    // 5.2 px for a 6 px line). Fitted with caps that narrow, the piece had to be drawn about a
    // pixel long to cover the same pixels; with the width of the last solid frame it is not.
    @Test("a round piece under a pixel long, after a solid frame, reads under half a pixel long",
          arguments: [(200.0, 200.1), (95.0, 95.05), (333.3, 333.5)])
    func subPixelRoundPiece(start: Double, end: Double) throws {
        let w = 6.0, R = 30.0
        let ring = RingGeometry(circle: Circle(center: Point(x: 50, y: 50), radius: R), lineWidth: w)
        var measurer = ArcMeasurer(ring: ring, canvasWidth: 100, canvasHeight: 100)
        measurer.knownCap = .round
        // A long piece first: enough solid ink to read the line's width.
        _ = measurer.measure(EndShapeTests.sector(start: 40, end: 160, w: w, round: true))
        let raw = measurer.measure(EndShapeTests.sector(start: start, end: end, w: w, round: true))
        let m = raw.correcting(for: .round, radius: R, clockwise: true)
        #expect(m.state == .arc)
        let s = try #require(m.startAngle), e = try #require(m.endAngle)
        let length = angleDifference(e, s) * Double.pi / 180 * R
        #expect(length < 0.5, "read \(length) px long for \((end - start) * Double.pi / 180 * R) px")
        // Its middle within the pixel lattice's resolution (0.35 px at radius 30 is 0.67°).
        let middle = s + angleDifference(e, s) / 2
        #expect(angleDifference(middle, (start + end) / 2) < 0.67, "middle \(middle) for \((start + end) / 2)")
    }
}
