import StrokeEstimation
import StrokeGeometry

extension LayerConfidence {
    /// Rings found around the same centre whose readings agree in nearly every frame are one
    /// stroke: the widest is the stroke, the others its glow, shadow or outline (a soft glow's
    /// edges change with the stroke's ends and are found as rings of their own). Rings that
    /// share a centre but move apart (two arcs turning at their own pace) keep their own
    /// confidence. Only found rings are judged: a model's layers are placed where it says.
    static func markCompanions(_ layers: inout [Inspection.Layer]) {
        let rings: [(index: Int, ring: RingGeometry)] = layers.indices.compactMap { k in
            guard case .ring(let ring, let modelLayer) = layers[k].kind, modelLayer == nil else { return nil }
            return (k, ring)
        }
        for companion in rings {
            let stroke = rings.filter { other in
                other.index != companion.index
                    && (other.ring.lineWidth, other.index) > (companion.ring.lineWidth, companion.index)
                    && other.ring.circle.center.distance(to: companion.ring.circle.center) <= max(2, 0.06 * other.ring.circle.radius)
                    && abs(other.ring.circle.radius - companion.ring.circle.radius)
                        <= other.ring.lineWidth + 3 * companion.ring.lineWidth + 4
                    && Self.followEachOther(layers[other.index].readings, layers[companion.index].readings)
            }.max { $0.ring.lineWidth < $1.ring.lineWidth }
            guard let stroke else { continue }
            var confidence = layers[companion.index].confidence
            let reason = "moves with \(layers[stroke.index].name) in nearly every frame, around the same centre: that stroke's glow, shadow or outline, not a stroke of its own"
            confidence.value = min(confidence.value, 0.3)
            confidence.reasons.insert(reason, at: 0)
            layers[companion.index].confidence = confidence
        }
    }

    /// Frames with a reading on both rings in which they agree (the same state; for arcs, both
    /// ends within `companionAngle`), as a share of those frames, is at least 0.85, with enough
    /// arcs among them to tell.
    private static func followEachOther(_ a: [LayerReading], _ b: [LayerReading]) -> Bool {
        var compared = 0, agree = 0, arcs = 0
        for (x, y) in zip(a, b) where x.state != .unknown && y.state != .unknown {
            compared += 1
            guard x.state == y.state else { continue }
            guard x.state == .arc else { agree += 1; continue }
            arcs += 1
            guard let s1 = x.startAngle, let e1 = x.endAngle, let s2 = y.startAngle, let e2 = y.endAngle else { continue }
            if degreesApart(s1, s2) <= companionAngle && degreesApart(e1, e2) <= companionAngle { agree += 1 }
        }
        return compared >= 10 && arcs >= 5 && Double(agree) >= 0.85 * Double(compared)
    }

    /// How far apart two rings' ends may read and still be one stroke's (a glow's edge blurs).
    static let companionAngle = 8.0
}
