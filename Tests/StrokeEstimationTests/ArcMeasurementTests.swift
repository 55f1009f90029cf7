import Testing
import Raster
import Rendering
@testable import StrokeEstimation

@Suite("Measuring rendered rings")
struct ArcMeasurementTests {
    @Test("the payment ring's ends are found within 0.5° on exact renders")
    func paymentRing() throws {
        let times = stride(from: 0.05, to: 4.0, by: 0.1).map { $0 }
        let (frames, settings, _) = try renderFixture("payment-success.json", times: times)
        var stats = PixelStatistics(width: settings.width, height: settings.height)
        for (image, _) in frames { stats.add(image) }
        let rings = RingFinder.rings(in: stats)
        let ring = try #require(rings.first)
        #expect(abs(ring.circle.center.x - 150) < 0.2)
        #expect(abs(ring.circle.center.y - 150) < 0.2)
        #expect(abs(ring.circle.radius - 30) < 0.3)
        var measurer = ArcMeasurer(ring: ring, canvasWidth: settings.width, canvasHeight: settings.height)
        var worst = 0.0
        for (image, truths) in frames {
            let truth = truths[0].presentation
            let m = measurer.measure(image)
            #expect(m.state.rawValue == truth.state.rawValue || (truth.state == .empty && m.state == .empty), "t state \(m.state) vs \(truth.state)")
            guard truth.state == .arc, let s = truth.startAngle, let e = truth.endAngle, let ms = m.startAngle, let me = m.endAngle else { continue }
            worst = max(worst, angleDifference(s, ms), angleDifference(e, me))
        }
        #expect(worst < 0.5, "worst angle error \(worst)°")
    }
}
