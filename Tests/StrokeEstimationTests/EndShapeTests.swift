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
    /// `end`, with butt or round caps (pixel centres tested exactly).
    static func sector(end: Double, w: Double, round: Bool) -> RGBAImage {
        var image = RGBAImage(width: 100, height: 100, fill: .transparent)
        let R = 30.0, c = 50.0, h = w / 2
        func point(_ degrees: Double) -> (Double, Double) {
            let t = degrees * Double.pi / 180
            return (c + R * sin(t), c - R * cos(t))
        }
        let (ex, ey) = point(end), (sx, sy) = point(200)
        for y in 0..<100 {
            for x in 0..<100 {
                let dx = Double(x) + 0.5 - c, dy = Double(y) + 0.5 - c
                let r = (dx * dx + dy * dy).squareRoot()
                var a = atan2(dx, -dy) * 180 / Double.pi
                if a < 0 { a += 360 }
                var inside = abs(r - R) <= h && a >= 200 && a <= end
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
        for (name, cap) in [("material-spinner.json", CapStyle.round), ("loading-spinner.json", .butt)] {
            let (frames, settings, _) = try renderFixture(name, scale: scale, times: times)
            var stats = PixelStatistics(width: settings.width, height: settings.height)
            for (image, _) in frames { stats.add(image) }
            let ring = try #require(RingFinder.rings(in: stats).first)
            var measurer = ArcMeasurer(ring: ring, canvasWidth: settings.width, canvasHeight: settings.height)
            let raw = frames.map { measurer.measure($0.0) }
            let e = raw.flatMap(\.capEvidence)
            #expect(CapInference.infer(raw) == cap, "\(name) at \(scale)×: line width \(ring.lineWidth) px; \(e.count) ends, butt \(e.reduce(0) { $0 + $1.butt }), round \(e.reduce(0) { $0 + $1.round }), round better at \(e.filter { $0.round < $0.butt }.count)")
        }
    }

    @Test("round caps on 1-bit pixels are judged and fitted")
    func oneBitRound() throws {
        let times = stride(from: 0.05, to: 1.4, by: 0.05).map { $0 }
        let (frames, settings, _) = try renderFixture("material-spinner.json", scale: 2, background: nil, times: times)
        let r = try EstimatorTests.measureAll(Self.oneBit(frames), settings)
        #expect(CapInference.infer(r.measurements) == .round)
        #expect(r.worst < 0.8, "worst \(r.worst)°")
    }
}
