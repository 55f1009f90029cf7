import Testing
import Raster
import Rendering
import StrokeGeometry
@testable import StrokeEstimation

@Suite("Finding rings and measuring strokes on exact renders")
struct EstimatorTests {
    /// Renders the loading spinner with another geometry by scaling: radius 20 pt × scale.
    static func spinnerFrames(scale: Double, times: [Double], background: RGBA? = .white) throws -> ([(RGBAImage, [LayerTruth])], RenderSettings) {
        let (frames, settings, _) = try renderFixture("loading-spinner.json", scale: scale, background: background, times: times)
        return (frames, settings)
    }

    static func measureAll(_ frames: [(RGBAImage, [LayerTruth])], _ settings: RenderSettings, cap: LineCap? = nil)
        throws -> (ring: RingGeometry, worst: Double, states: Int, measurements: [ArcMeasurement], inferredCap: LineCap?) {
        var stats = PixelStatistics(width: settings.width, height: settings.height)
        for (image, _) in frames { stats.add(image) }
        let ring = try #require(RingFinder.rings(in: stats).first)
        var measurer = ArcMeasurer(ring: ring, canvasWidth: settings.width, canvasHeight: settings.height)
        var raw: [ArcMeasurement] = []
        for frame in frames { raw.append(measurer.measure(frame.0)) }
        let style = cap ?? measurer.inferredCap ?? .butt
        var worst = 0.0, stateMatches = 0
        var measured: [ArcMeasurement] = []
        for ((_, truths), m0) in zip(frames, raw) {
            let m = m0.correcting(for: style, radius: ring.circle.radius, clockwise: true)
            measured.append(m)
            let truth = truths[0].presentation
            if m.state.rawValue == truth.state.rawValue { stateMatches += 1 }
            if truth.state == .arc, m.state == .arc, let s = truth.startAngle, let e = truth.endAngle, let ms = m.startAngle, let me = m.endAngle {
                worst = max(worst, angleDifference(s, ms), angleDifference(e, me))
            }
        }
        return (ring, worst, stateMatches, measured, measurer.inferredCap)
    }

    @Test("the spinner's ring is found to a fraction of a pixel and its ends to under half a degree", arguments: [1.0, 2.0, 3.0])
    func spinner(scale: Double) throws {
        let times = stride(from: 0.02, to: 1.5, by: 0.05).map { $0 }
        let (frames, settings) = try Self.spinnerFrames(scale: scale, times: times)
        let r = try Self.measureAll(frames, settings)
        #expect(abs(r.ring.circle.center.x - 50 * scale) < 0.2)
        #expect(abs(r.ring.circle.center.y - 50 * scale) < 0.2)
        #expect(abs(r.ring.circle.radius - 20 * scale) < 0.3)
        #expect(r.worst < 0.5, "worst \(r.worst)°")
        #expect(r.states >= frames.count - 1, "\(r.states) of \(frames.count) states agree")
    }

    @Test("a transparent background works like an opaque one")
    func transparent() throws {
        let times = stride(from: 0.02, to: 1.5, by: 0.1).map { $0 }
        let (frames, settings) = try Self.spinnerFrames(scale: 2, times: times, background: nil)
        let r = try Self.measureAll(frames, settings)
        #expect(r.worst < 0.5, "worst \(r.worst)°")
    }

    @Test("static UI next to the ring does not disturb it")
    func staticUI() throws {
        let times = stride(from: 0.02, to: 1.5, by: 0.1).map { $0 }
        var (frames, settings) = try Self.spinnerFrames(scale: 2, times: times)
        for i in frames.indices {
            frames[i].0.fill(PixelRect(x: 2, y: 2, width: 60, height: 14), with: RGBA(40, 40, 40))
            BitmapFont.standard.draw("12:30", into: &frames[i].0, x: 120, y: 180, color: .black, scale: 2)
        }
        let r = try Self.measureAll(frames, settings)
        #expect(abs(r.ring.circle.radius - 40) < 0.3)
        #expect(r.worst < 0.5)
    }

    @Test("the stroke is empty or full when the picture says so")
    func states() throws {
        // Spinner at t = 0 draws nothing (strokeStart = strokeEnd = 0); the payment ring at 2 s is whole.
        let (frames, settings) = try Self.spinnerFrames(scale: 2, times: [0, 0.5, 0.7, 0.9])
        let r = try Self.measureAll(frames, settings)
        #expect(r.measurements[0].state == .empty)
        let (payment, paySettings, _) = try renderFixture("payment-success.json", times: [0.5, 1, 1.5, 2.0, 7])
        let p = try Self.measureAll(payment, paySettings)
        #expect(p.measurements[3].state == .full)
        #expect(p.measurements[4].state == .full)
    }

    @Test("round caps are recognised from the ends and corrected for")
    func roundCaps() throws {
        let times = stride(from: 0.05, to: 1.4, by: 0.05).map { $0 }
        let (frames, settings, _) = try renderFixture("material-spinner.json", scale: 2, times: times)
        var stats = PixelStatistics(width: settings.width, height: settings.height)
        for (image, _) in frames { stats.add(image) }
        let ring = try #require(RingFinder.rings(in: stats).first)
        var measurer = ArcMeasurer(ring: ring, canvasWidth: settings.width, canvasHeight: settings.height)
        var raw: [ArcMeasurement] = []
        for frame in frames { raw.append(measurer.measure(frame.0)) }
        // material-spinner.json draws with round caps; the loading spinner with butt caps.
        #expect(measurer.inferredCap == .round)
        let (butt, buttSettings) = try Self.spinnerFrames(scale: 2, times: times)
        #expect(try Self.measureAll(butt, buttSettings).measurements.isEmpty == false)
        var stats2 = PixelStatistics(width: buttSettings.width, height: buttSettings.height)
        for (image, _) in butt { stats2.add(image) }
        var m2 = ArcMeasurer(ring: try #require(RingFinder.rings(in: stats2).first), canvasWidth: buttSettings.width, canvasHeight: buttSettings.height)
        var raw2: [ArcMeasurement] = []
        for frame in butt { raw2.append(m2.measure(frame.0)) }
        #expect(m2.inferredCap == .butt)
    }

    @Test("the spinner's period is found from the measurements alone")
    func period() throws {
        let times = stride(from: 0.0, to: 4.5, by: 0.04).map { $0 }
        let (frames, settings) = try Self.spinnerFrames(scale: 1, times: times)
        let r = try Self.measureAll(frames, settings)
        let p = PeriodFinder.period(r.measurements, times: times)
        #expect(p != nil)
        #expect(abs((p?.seconds ?? 0) - 1.5) < 0.02, "period \(p?.seconds ?? 0) s")
    }

    @Test("the payment tick's drawn length is measured along the model's path")
    func tick() throws {
        let times = [6.3, 6.8, 6.9, 7.0, 7.4, 8.5]
        let (frames, settings, model) = try renderFixture("payment-success.json", times: times)
        let tick = try #require(model.layers.first { $0.name == "tick" })
        var points: [Point] = []
        for piece in tick.geometry.strokePath.visiblePieces(strokeStart: 0, strokeEnd: 1, mode: .coreAnimation) {
            for segment in piece.segments {
                if points.isEmpty { points.append(segment.startPoint) }
                points.append(segment.endPoint)
            }
        }
        let measurer = try #require(PolylineMeasurer(points: points, lineWidth: 3, cap: .butt,
                                                      canvasWidth: settings.width, canvasHeight: settings.height))
        for (image, truths) in frames {
            let truth = truths[1].presentation.values.strokeEnd
            let m = measurer.measure(image, ink: RGBA(5, 154, 227))
            // (The corner is 21.2 of 56.6 px along, 0.375: measured there too.)
            #expect(m.state != .unknown, "\(m.note ?? "")")
            #expect(abs((m.strokeEnd ?? 0) - truth) < 0.01, "tick strokeEnd \(m.strokeEnd ?? -1) vs \(truth)")
        }
    }
}
