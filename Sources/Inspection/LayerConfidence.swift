import JSON
import StrokeEstimation
import StrokeGeometry

/// How sure an inspection is that a layer is an animated stroke with the geometry reported,
/// in [0, 1], and why it is less than sure. Under `tentative` a script should not rely on the
/// layer: the reasons say what it looks like instead (a filled shape, a dot, a passing pointer).
public struct LayerConfidence: Sendable, Equatable {
    /// 1 when nothing speaks against the layer.
    public var value: Double
    /// Why `value` is below 1, one sentence each (the lowest first).
    public var reasons: [String]

    /// Layers under this are tentative.
    public static let tentative = 0.5

    public init(value: Double = 1, reasons: [String] = []) {
        self.value = value
        self.reasons = reasons
    }

    public var isTentative: Bool { value < Self.tentative }

    /// Judges a found ring from what changes on it and from its readings.
    static func judge(ring: RingGeometry, plausibility p: RingPlausibility?, readings: [LayerReading], found: Bool) -> LayerConfidence {
        var findings: [(Double, String)] = []
        let r = ring.circle.radius
        if found && r < RingPlausibility.minimumRadius {
            findings.append((0.2, "too small to be measured as a stroked ring (radius \(DecimalText.short((r * 10).rounded() / 10)) px, under \(DecimalText.short(RingPlausibility.minimumRadius)) px): a dot or a pointer's trace"))
        }
        if found && ring.lineWidth > 0.6 * r {
            findings.append((0.2, "filled shape, not a stroke: as wide as it is round (a dot or a disc)"))
        } else if found && ring.lineWidth > RingPlausibility.maximumWidthShare * r {
            findings.append((0.4, "very wide for its radius (\(DecimalText.short((ring.lineWidth * 10).rounded() / 10)) px on a radius of \(DecimalText.short((r * 10).rounded() / 10)) px): more likely a filled shape than a stroke"))
        }
        if let p {
            if p.interiorChange > RingPlausibility.filledInteriorChange {
                findings.append((0.2, "filled shape, not a stroke: the disc inside the ring changes too (\(percent(p.interiorChange)) of it)"))
            } else if p.interiorChange > RingPlausibility.maximumInteriorChange {
                findings.append((0.4, "much inside the ring changes as well (\(percent(p.interiorChange)) of the disc): perhaps a filled or growing shape"))
            }
            if p.besideChange > RingPlausibility.maximumBesideChange {
                findings.append((0.3, "what changes does not follow one circle (\(percent(min(p.besideChange, 9.99))) as many pixels beside the band as in it): a tick, a label or another shape, not a ring"))
            }
            if p.bandFill < RingPlausibility.minimumBandFill {
                findings.append((0.4, "only \(percent(p.bandFill)) of the band changes where it changes at all: not one stroke along the circle"))
            }
        }
        let n = readings.count
        if n > 0 {
            let drawn = readings.filter { $0.state == .arc || $0.state == .full }.count
            let unknown = readings.filter { $0.state == .unknown }
            let arcs = readings.filter { $0.state == .arc }.count
            if found && drawn < max(2, n / 20) {
                findings.append((0.3, "drawn in only \(drawn) of \(n) frames: something passing by, not an animated stroke"))
            } else if found && arcs == 0 {
                findings.append((0.45, "never shows two ends (full or empty in every frame): a ring that appears or fades, not a stroke whose ends move"))
            }
            // Dots chasing round a circle change a band like a stroke's, but no frame shows a
            // piece much longer than it is wide.
            let longest = readings.compactMap { reading -> Double? in
                guard reading.state == .arc, let s = reading.startAngle, let e = reading.endAngle else { return reading.state == .full ? 360 : nil }
                let spans = [(s, e)] + reading.segments.map { ($0.start, $0.end) }
                return spans.map { span in var d = (span.1 - span.0).truncatingRemainder(dividingBy: 360); if d < 0 { d += 360 }; return d }.max()
            }.max()
            if found, arcs > 0, let longest, longest * Double.pi / 180 * r < 2.5 * ring.lineWidth {
                findings.append((0.3, "no frame shows a piece of stroke longer than \(DecimalText.short((longest * 10).rounded() / 10))° (\(DecimalText.short((longest * Double.pi / 180 * r * 10).rounded() / 10)) px, \(DecimalText.short((ring.lineWidth * 10).rounded() / 10)) px wide): dots moving round a circle, not a stroke"))
            }
            // One stroke shows one piece (two where it crosses a label); dots or dashes chasing
            // round a circle show several in many frames.
            let split = readings.filter { ($0.state == .arc && !$0.segments.isEmpty) || ($0.state == .unknown && $0.note?.contains("separate pieces") == true) }.count
            let readable = arcs + readings.filter { $0.state == .unknown && $0.note?.contains("separate pieces") == true }.count
            if found, readable >= 10, Double(split) > Self.maximumSplitShare * Double(readable) {
                findings.append((0.4, "the ink comes in several separate pieces in \(split) of \(readable) frames: dots or dashes moving round a circle, not one stroke"))
            }
            let variations = readings.compactMap { $0.arc?.widthVariation }.sorted()
            if found, variations.count >= 3, variations[variations.count / 2] > maximumWidthVariation {
                findings.append((0.3, "the ink's width varies along its length (by \(percent(variations[variations.count / 2])) of it in the median frame): a filled shape (a crescent, a wedge, dots), not a stroke of one width"))
            }
            if unknown.count * 2 > n {
                let why = unknown.compactMap(\.note).first.map { ": \($0)" } ?? ""
                findings.append((0.4, "\(unknown.count) of \(n) frames cannot be read\(why)"))
            }
        }
        findings.sort { $0.0 < $1.0 }
        return LayerConfidence(value: findings.first?.0 ?? 1, reasons: findings.map(\.1))
    }

    /// A stroke's inked width along its body varies by less than this share of it (its
    /// anti-aliasing and a recorder's dithering); a filled crescent's by far more.
    static let maximumWidthVariation = 0.35

    /// A stroke's frames show more than one piece of ink rarely (none of the 24 strokes read
    /// right in the real-world collection did in any frame); dots chasing round a circle do in
    /// a third to a half of theirs.
    static let maximumSplitShare = 0.2

    private static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded())) %" }
}
