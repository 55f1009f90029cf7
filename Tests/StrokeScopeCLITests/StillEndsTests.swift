import Testing
import StrokeEstimation
import StrokeGeometry
@testable import Inspection

/// A stroke is found by its ends moving: a ring whose ends show in one frame only, or that shows
/// the same piece in (nearly) every frame with ends, is a shape that comes and goes.
@Suite("Rings whose ends do not move are tentative")
struct StillEndsTests {
    static let ring = RingGeometry(circle: Circle(center: Point(x: 50, y: 50), radius: 20), lineWidth: 3)

    static func confidence(_ readings: [LayerReading]) -> LayerConfidence {
        LayerConfidence.judge(ring: ring, plausibility: nil, readings: readings, found: true)
    }

    static func arc(_ s: Double, _ e: Double) -> LayerReading { LayerReading(state: .arc, startAngle: s, endAngle: e) }

    @Test("the same piece in every frame with ends, beside full and empty frames: tentative")
    func samePiece() {
        var readings: [LayerReading] = []
        for k in 0..<40 {
            let start = 100 + Double(k % 3) / 2, end = 43 - Double(k % 2)
            readings.append(k % 4 == 0 ? LayerReading(state: .empty) : Self.arc(start, end))
        }
        let c = Self.confidence(readings)
        #expect(c.isTentative)
        #expect(c.reasons.contains { $0.hasPrefix("its ends do not move") })
    }

    @Test("one frame in twenty may differ (the frame a label changes in)")
    func oneOutlier() {
        var readings = (0..<30).map { _ in Self.arc(100, 43) }
        readings[12] = Self.arc(305, 315)
        #expect(Self.confidence(readings).isTentative)
    }

    @Test("an icon toggling between two pieces: tentative")
    func twoPieces() {
        var readings: [LayerReading] = []
        for k in 0..<50 { readings.append(k % 7 < 4 ? Self.arc(310, 46) : Self.arc(48, 311)) }
        let c = Self.confidence(readings)
        #expect(c.isTentative)
        #expect(c.reasons.contains { $0.hasPrefix("its ends do not move (the same pieces") })
    }

    @Test("a ring that comes and goes whole again and again, with ends in few frames: tentative")
    func pulsesWhole() {
        var readings: [LayerReading] = []
        for k in 0..<80 { readings.append(LayerReading(state: (k / 5) % 2 == 0 ? .full : .empty)) }
        readings[31] = Self.arc(276, 292)
        readings[48] = Self.arc(202, 29)
        readings[65] = Self.arc(196, 34)
        let c = Self.confidence(readings)
        #expect(c.isTentative)
        #expect(c.reasons.contains { $0.hasPrefix("appears and goes whole") })
    }

    @Test("a success ring drawn on in each of three loops keeps its confidence")
    func loopedSuccessRing() {
        var readings: [LayerReading] = []
        for _ in 0..<3 {
            for _ in 0..<10 { readings.append(LayerReading(state: .empty)) }
            for k in 1...6 { readings.append(Self.arc(0, 60 * Double(k) - 1)) }
            for _ in 0..<20 { readings.append(LayerReading(state: .full)) }
        }
        #expect(Self.confidence(readings).value == 1)
    }

    @Test("ends that show in one frame only among full and empty frames: tentative")
    func oneFrameWithEnds() {
        var readings = (0..<30).map { k in LayerReading(state: k % 2 == 0 ? .full : .empty) }
        readings[7] = Self.arc(10, 200)
        let c = Self.confidence(readings)
        #expect(c.isTentative)
        #expect(c.reasons.contains { $0.hasPrefix("shows two ends in only 1 frame") })
    }

    @Test("a progress that holds one value for most frames but moves in more than a twentieth keeps its confidence")
    func heldProgress() {
        // 0 → 90° over 10 frames, held 30 frames, then on to 180° over 10 frames.
        var readings: [LayerReading] = []
        for k in 1...10 { readings.append(Self.arc(0, 9 * Double(k))) }
        for _ in 0..<30 { readings.append(Self.arc(0, 90)) }
        for k in 1...10 { readings.append(Self.arc(0, 90 + 9 * Double(k))) }
        #expect(Self.confidence(readings).value == 1)
    }

    @Test("a spinner's turning piece keeps its confidence")
    func spinner() {
        var readings: [LayerReading] = []
        for k in 0..<60 {
            let start = Double((k * 12) % 360), end = Double((k * 12 + 270) % 360)
            readings.append(Self.arc(start, end))
        }
        #expect(Self.confidence(readings).value == 1)
    }
}
