import Testing
import StrokeEstimation
import StrokeGeometry
@testable import Inspection

@Suite("Concentric rings: a glow's edges and two independent arcs")
struct CompanionRingTests {
    static func layer(_ name: String, radius: Double, width: Double, ends: [(Double, Double)]) -> Inspection.Layer {
        let ring = RingGeometry(circle: Circle(center: Point(x: 100, y: 100), radius: radius), lineWidth: width)
        var layer = Inspection.Layer(name: name, kind: .ring(ring, modelLayer: nil))
        layer.readings = ends.map { LayerReading(state: .arc, startAngle: $0.0, endAngle: $0.1) }
        return layer
    }

    @Test("the narrower of two concentric rings whose ends agree in every frame is the wider one's glow")
    func glowEdge() {
        let ends: [(Double, Double)] = (0..<20).map { k in (0.0, Double(10 + 15 * k)) }
        var layers = [Self.layer("ring1", radius: 50, width: 10, ends: ends),
                      Self.layer("ring2", radius: 58, width: 4, ends: ends.map { ($0.0 + 2, $0.1 - 3) })]
        LayerConfidence.markCompanions(&layers)
        #expect(layers[0].confidence.value == 1)
        #expect(layers[1].confidence.isTentative)
        #expect(layers[1].confidence.reasons.first?.contains("ring1") == true)
    }

    @Test("two concentric arcs that turn at their own pace keep their confidence")
    func independentArcs() {
        let outer: [(Double, Double)] = (0..<20).map { k in (Double(20 * k), Double(20 * k + 160)) }
        var inner: [(Double, Double)] = []
        for k in 0..<20 {
            let start = (35 * k) % 360, end = (35 * k + 140) % 360
            inner.append((Double(start), Double(end)))
        }
        var layers = [Self.layer("ring1", radius: 50, width: 6, ends: outer), Self.layer("ring2", radius: 41, width: 3, ends: inner)]
        LayerConfidence.markCompanions(&layers)
        #expect(layers.allSatisfy { $0.confidence.value == 1 })
    }
}
