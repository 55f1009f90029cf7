import Foundation
import Testing
import Raster
import Rendering
import StrokeGeometry
@testable import StrokeEstimation

@Suite("Fitting stroke ends with their exact shapes")
struct EndShapeTests {
    /// The frames as a GIF with transparency stores them: a pixel is the stroke's opaque colour
    /// where its alpha reaches 128, else fully transparent (1-bit, no anti-aliasing left).
    static func oneBit(_ frames: [(RGBAImage, [LayerTruth])]) -> [(RGBAImage, [LayerTruth])] {
        frames.map { frame in
            var image = frame.0
            for i in stride(from: 0, to: image.pixels.count, by: 4) {
                let opaque = image.pixels[i + 3] >= 128
                for c in 0..<4 { image.pixels[i + c] = opaque ? (c == 3 ? 255 : image.pixels[i + c]) : 0 }
            }
            return (image, frame.1)
        }
    }

    /// A 1-bit ring of radius 30 and width `w` around (50, 50), drawn clockwise from 200° to
    /// `end` (from `start`), with butt or round caps (pixel centres tested exactly).
    static func sector(start: Double = 200, end: Double, w: Double, round: Bool) -> RGBAImage {
        var image = RGBAImage(width: 100, height: 100, fill: .transparent)
        let R = 30.0, c = 50.0, h = w / 2
        func point(_ degrees: Double) -> (Double, Double) {
            let t = degrees * Double.pi / 180
            return (c + R * sin(t), c - R * cos(t))
        }
        let (ex, ey) = point(end), (sx, sy) = point(start)
        for y in 0..<100 {
            for x in 0..<100 {
                let dx = Double(x) + 0.5 - c, dy = Double(y) + 0.5 - c
                let r = (dx * dx + dy * dy).squareRoot()
                var a = atan2(dx, -dy) * 180 / Double.pi
                if a < 0 { a += 360 }
                var inside = abs(r - R) <= h && a >= start && a <= end
                if round {
                    let px = Double(x) + 0.5, py = Double(y) + 0.5
                    inside = inside || hypot(px - ex, py - ey) <= h || hypot(px - sx, py - sy) <= h
                }
                if inside { image[x: x, y: y] = RGBA(0, 122, 255) }
            }
        }
        return image
    }

    @Test("on 1-bit pixels the fitted end lies where the pixel centres put it", arguments: [(301.3, false), (333.7, true), (270.2, false)])
    func oneBitEnd(end: Double, round: Bool) throws {
        let w = 6.0
        let image = Self.sector(end: end, w: w, round: round)
        let ring = RingGeometry(circle: Circle(center: Point(x: 50, y: 50), radius: 30), lineWidth: w)
        let coverage = { (o: Int) -> Double in image.pixels[o + 3] == 255 ? 1 : 0 }
        let reference = end + (round ? 2.0 : -1.5)  // where a rough first estimate might put it
        let shape = try #require(RingEndShape(image: image, ring: ring, lineWidth: w, reference: reference, beyondClockwise: true,
                                              subdivisions: 1, coverage: coverage))
        let slack = 2.5 / 30
        let truth = (end - reference) * Double.pi / 180
        let exact = shape.fit(round ? .round : .butt, within: -slack - 0.15...slack)
        let other = shape.fit(round ? .butt : .round, within: -slack - 0.15...slack)
        // The right shape explains every pixel; the wrong one cannot, at this width.
        #expect(exact.cost == 0)
        #expect(other.cost > 0)
        // Within the pixel lattice's resolution: a quarter pixel at radius 30.
        #expect(abs(exact.offset - truth) * 30 < 0.25, "off by \(abs(exact.offset - truth) * 30) px")
    }

    @Test("a short piece on 1-bit pixels has both ends fitted together", arguments: [(200.0, 211.3, true), (150.4, 158.0, false), (95.0, 97.5, true)])
    func oneBitShortPiece(start: Double, end: Double, round: Bool) throws {
        let w = 6.0
        let image = Self.sector(start: start, end: end, w: w, round: round)
        let ring = RingGeometry(circle: Circle(center: Point(x: 50, y: 50), radius: 30), lineWidth: w)
        var measurer = ArcMeasurer(ring: ring, canvasWidth: image.width, canvasHeight: image.height)
        let m = measurer.measure(image).correcting(for: round ? .round : .butt, radius: 30, clockwise: true)
        #expect(m.state == .arc)
        let s = try #require(m.startAngle), e = try #require(m.endAngle)
        // Within the pixel lattice's resolution: 0.35 px at radius 30 is 0.67°.
        #expect(angleDifference(s, start) < 0.67, "start \(s) for \(start)")
        #expect(angleDifference(e, end) < 0.67, "end \(e) for \(end)")
    }

    @Test("a short 1-bit piece's two ends are found together from estimates a pixel off", arguments: [(200.0, 207.3, true), (150.4, 155.0, false)])
    func pieceShape(start: Double, end: Double, round: Bool) throws {
        let w = 6.0, R = 30.0
        let image = Self.sector(start: start, end: end, w: w, round: round)
        let ring = RingGeometry(circle: Circle(center: Point(x: 50, y: 50), radius: R), lineWidth: w)
        let middle = (start + end) / 2, half = (end - start) / 2 * Double.pi / 180
        let shape = try #require(RingPieceShape(image: image, ring: ring, lineWidth: w, reference: middle, halfExtent: half + 7 / R,
                                                edgeMargin: 0) { image.pixels[$0 + 3] == 255 ? 1 : 0 })
        // First estimates a pixel off each way; the search reaches 1.5 px around them.
        let slack = 1.5 / R, off = 1 / R
        let f = shape.fit(low: (-half + off - slack)...(-half + off + slack), high: (half - off - slack)...(half - off + slack),
                          cap: round ? .round : .butt, gap: false, step: 0.05 / R)
        #expect(f.cost == 0)
        #expect(abs(f.low + half) * R < 0.35, "start off by \(abs(f.low + half) * R) px")
        #expect(abs(f.high - half) * R < 0.35, "end off by \(abs(f.high - half) * R) px")
        // The other shape cannot explain every pixel of so wide a stroke.
        let other = shape.fit(low: (-half - slack)...(-half + slack), high: (half - slack)...(half + slack),
                              cap: round ? .butt : .round, gap: false, step: 0.05 / R)
        #expect(other.cost > 0)
    }

    @Test("anti-aliased short pieces are fitted end to end, also as round pieces shorter than their caps")
    func antiAliasedShortPieces() throws {
        // The spinner at 1× draws a 4 px butt-capped line at radius 20 px on white; every 5 ms of
        // its cycle, including the frames where the arc is only a few pixels long.
        let times = stride(from: 0.0, to: 1.5, by: 0.005).map { $0 }
        let (frames, settings) = try EstimatorTests.spinnerFrames(scale: 1, times: times)
        var stats = PixelStatistics(width: settings.width, height: settings.height)
        for (image, _) in frames { stats.add(image) }
        let ring = try #require(RingFinder.rings(in: stats).first)
        var measurer = ArcMeasurer(ring: ring, canvasWidth: settings.width, canvasHeight: settings.height)
        var shortFrames = 0, worst = 0.0
        for (image, truths) in frames {
            let raw = measurer.measure(image)
            let truth = truths[0].presentation
            guard truth.state == .arc, let s = truth.startAngle, let e = truth.endAngle else { continue }
            let length = (e - s + 360).truncatingRemainder(dividingBy: 360) * Double.pi / 180 * 20
            guard length >= 1, length < 14 else { continue }  // short: both ends in one neighbourhood
            shortFrames += 1
            let m = raw.correcting(for: .butt, radius: ring.circle.radius, clockwise: true)
            #expect(m.state == .arc)
            if let ms = m.startAngle, let me = m.endAngle { worst = max(worst, angleDifference(ms, s), angleDifference(me, e)) }
            // Read as round instead, the piece may shrink to its middle but never crosses over.
            let asRound = raw.correcting(for: .round, radius: ring.circle.radius, clockwise: true)
            if let rs = asRound.startAngle, let re = asRound.endAngle {
                #expect((re - rs + 360).truncatingRemainder(dividingBy: 360) < 45)
            }
        }
        #expect(shortFrames >= 10)
        // 0.6° is 0.21 px at this radius (placed by area alone, these read up to 0.96° off).
        #expect(worst < 0.6, "worst \(worst)° over \(shortFrames) short frames")
    }

    @Test("1-bit transparency: ends are measured to the pixel lattice's resolution")
    func oneBitSpinner() throws {
        let times = stride(from: 0.02, to: 1.5, by: 0.05).map { $0 }
        let (frames, settings) = try EstimatorTests.spinnerFrames(scale: 2, times: times, background: nil)
        let r = try EstimatorTests.measureAll(Self.oneBit(frames), settings)
        // Radius 40 px: 1° is 0.7 px.
        #expect(r.worst < 0.8, "worst \(r.worst)°")
    }

    @Test("caps are judged from thin lines' ends too", arguments: [0.6, 1.0])
    func thinCaps(scale: Double) throws {
        let times = stride(from: 0.05, to: 1.4, by: 0.05).map { $0 }
        for (name, cap) in [("material-spinner.json", LineCap.round), ("loading-spinner.json", .butt)] {
            let (frames, settings, _) = try renderFixture(name, scale: scale, times: times)
            var stats = PixelStatistics(width: settings.width, height: settings.height)
            for (image, _) in frames { stats.add(image) }
            let ring = try #require(RingFinder.rings(in: stats).first)
            var measurer = ArcMeasurer(ring: ring, canvasWidth: settings.width, canvasHeight: settings.height)
            for frame in frames { _ = measurer.measure(frame.0) }
            let e = measurer.capEvidence
            #expect(measurer.inferredCap == cap, "\(name) at \(scale)×: line width \(ring.lineWidth) px; \(e.count) ends, butt \(e.reduce(0) { $0 + $1.butt }), round \(e.reduce(0) { $0 + $1.round }), round better at \(e.filter { $0.round < $0.butt }.count)")
        }
    }

    @Test("round caps on 1-bit pixels are judged and fitted")
    func oneBitRound() throws {
        let times = stride(from: 0.05, to: 1.4, by: 0.05).map { $0 }
        let (frames, settings, _) = try renderFixture("material-spinner.json", scale: 2, background: nil, times: times)
        let r = try EstimatorTests.measureAll(Self.oneBit(frames), settings)
        #expect(r.inferredCap == .round)
        #expect(r.worst < 0.8, "worst \(r.worst)°")
    }
}
