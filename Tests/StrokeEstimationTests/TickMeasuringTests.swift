import Testing
import Raster
import Rendering
import StrokeGeometry
@testable import StrokeEstimation

@Suite("Measuring an open path's drawn length by fitting the stroked prefix")
struct TickMeasuringTests {
    /// The payment tick's shape (two segments at right angles, the corner at 37.5 % of the
    /// length), scaled and placed off the pixel grid.
    static func tick(scale: Double) -> [Point] {
        [Point(x: 130, y: 150), Point(x: 145, y: 165), Point(x: 170, y: 140)].map {
            Point(x: 3.37 + ($0.x - 120) * scale, y: 2.81 + ($0.y - 130) * scale)
        }
    }

    /// The polyline's stroke drawn from its start up to `drawn` pixels along it, exactly
    /// (the project's exact-coverage rasteriser). `oneBit`: as a GIF keeps it over a transparent
    /// background, a pixel is either dropped (alpha below 128) or opaque.
    static func render(_ points: [Point], drawn: Double, lineWidth: Double, cap: LineCap, join: LineJoin = .miter,
                       ink: RGBA, background: RGBA?, width: Int, height: Int, oneBit: Bool = false) -> RGBAImage {
        var segments: [StrokeSegment] = []
        var travelled = 0.0
        for k in 0..<(points.count - 1) where travelled < drawn {
            let a = points[k], b = points[k + 1]
            let l = a.distance(to: b)
            let f = min(1, (drawn - travelled) / l)
            segments.append(.line(from: a, to: a.interpolated(to: b, fraction: f)))
            travelled += l
        }
        var image = RGBAImage(width: width, height: height, fill: background ?? .transparent)
        let mask = StrokeRasterizer.coverage(pieces: [StrokePiece(segments: segments, isClosed: false)], lineWidth: lineWidth,
                                             cap: cap, join: join, clip: image.bounds)
        image.paint(mask, color: ink)
        if oneBit {
            for o in stride(from: 0, to: image.pixels.count, by: 4) {
                if image.pixels[o + 3] < 128 {
                    for c in 0..<4 { image.pixels[o + c] = 0 }
                } else {
                    image.pixels[o + 3] = 255
                }
            }
        }
        return image
    }

    static func length(_ points: [Point]) -> Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }

    /// Drawn fractions every `step` over the drawing, plus ends just before and past the corner.
    static func fractions(step: Double) -> [Double] {
        Array(stride(from: 0.03, to: 0.99, by: step)) + [0.36, 0.37, 0.38, 0.39, 0.40]
    }

    @Test("a tick over a transparent background (1-bit pixels) is measured within 0.01",
          arguments: [(2.0, 4.0, LineCap.butt), (1.0, 2.0, .round), (3.0, 6.0, .round), (2.0, 3.0, .square)])
    func transparentBackground(scale: Double, lineWidth: Double, cap: LineCap) throws {
        let points = Self.tick(scale: scale)
        let length = Self.length(points)
        let ink = RGBA(5, 154, 227)
        let measurer = try #require(PolylineMeasurer(points: points, lineWidth: lineWidth, cap: LineCap(rawValue: cap.rawValue)!,
                                                      canvasWidth: 200, canvasHeight: 200))
        for truth in Self.fractions(step: 0.037) {
            let image = Self.render(points, drawn: truth * length, lineWidth: lineWidth, cap: cap, ink: ink, background: nil,
                                    width: 200, height: 200, oneBit: true)
            let m = measurer.measure(image, ink: ink)
            #expect(m.state == .arc, "state \(m.state) at \(truth): \(m.note ?? "")")
            #expect(abs((m.strokeEnd ?? -1) - truth) <= 0.01, "strokeEnd \(m.strokeEnd ?? -1) vs \(truth)")
        }
    }

    @Test("anti-aliased ticks are measured within 0.003, also with the end just past the corner",
          arguments: [(RGBA.white, LineCap.butt), (RGBA(28, 28, 30), .round)])
    func antiAliased(background: RGBA, cap: LineCap) throws {
        let points = Self.tick(scale: 2)
        let length = Self.length(points)
        let ink = RGBA(5, 154, 227)
        let measurer = try #require(PolylineMeasurer(points: points, lineWidth: 5, cap: LineCap(rawValue: cap.rawValue)!,
                                                      canvasWidth: 200, canvasHeight: 200))
        for truth in Self.fractions(step: 0.05) {
            let image = Self.render(points, drawn: truth * length, lineWidth: 5, cap: cap, ink: ink, background: background,
                                    width: 200, height: 200)
            let m = measurer.measure(image, ink: ink)
            #expect(m.state == .arc, "state \(m.state) at \(truth): \(m.note ?? "")")
            #expect(abs((m.strokeEnd ?? -1) - truth) <= 0.003, "strokeEnd \(m.strokeEnd ?? -1) vs \(truth)")
        }
    }

    @Test("the whole tick reads full, nothing drawn reads empty, a short stub reads arc")
    func fullEmptyAndStub() throws {
        let points = Self.tick(scale: 2)
        let length = Self.length(points)
        let ink = RGBA(5, 154, 227)
        let measurer = try #require(PolylineMeasurer(points: points, lineWidth: 4, cap: .round, canvasWidth: 200, canvasHeight: 200))
        for oneBit in [false, true] {
            let background: RGBA? = oneBit ? nil : .white
            let full = Self.render(points, drawn: length, lineWidth: 4, cap: .round, ink: ink, background: background, width: 200, height: 200, oneBit: oneBit)
            #expect(measurer.measure(full, ink: ink).state == .full)
            let none = RGBAImage(width: 200, height: 200, fill: background ?? .transparent)
            #expect(measurer.measure(none, ink: ink).state == .empty)
            let stub = Self.render(points, drawn: 1.5, lineWidth: 4, cap: .round, ink: ink, background: background, width: 200, height: 200, oneBit: oneBit)
            let m = measurer.measure(stub, ink: ink)
            #expect(m.state == .arc)
            #expect(abs((m.strokeEnd ?? -1) * length - 1.5) < 0.6, "stub end \((m.strokeEnd ?? -1) * length) px")
        }
    }

    @Test("where the stroke runs back under its own ink the end reads unknown, with a note; once out, it is measured")
    func hiddenUnderOwnInk() throws {
        // Out along a line, straight back over a stretch of it, then off at a right angle: while
        // the end runs back, the new ink lies exactly on the old.
        let points = [Point(x: 20, y: 50.3), Point(x: 120, y: 50.3), Point(x: 80, y: 50.3), Point(x: 80, y: 90.3)]
        let length = Self.length(points)
        let ink = RGBA.black
        let measurer = try #require(PolylineMeasurer(points: points, lineWidth: 8, cap: .butt, canvasWidth: 160, canvasHeight: 100))
        let image = Self.render(points, drawn: 100 + 20, lineWidth: 8, cap: .butt, ink: ink, background: .white, width: 160, height: 100)
        let m = measurer.measure(image, ink: ink)
        #expect(m.state == .unknown)
        #expect(m.note?.contains("under ink already drawn") == true, "\(m.note ?? "no note")")
        let out = Self.render(points, drawn: length - 10, lineWidth: 8, cap: .butt, ink: ink, background: .white, width: 160, height: 100)
        let later = measurer.measure(out, ink: ink)
        #expect(later.state == .arc, "\(later.note ?? "")")
        #expect(abs((later.strokeEnd ?? -1) * length - (length - 10)) < 0.5)
    }

    @Test("the prefix coverage model matches the exact rasteriser")
    func coverageModel() throws {
        let points = Self.tick(scale: 2)
        var cumulative = [0.0]
        for k in 1..<points.count { cumulative.append(cumulative[k - 1] + points[k].distance(to: points[k - 1])) }
        for (cap, join) in [(LineCap.butt, LineJoin.bevel), (.butt, .miter), (.round, .round), (.round, .miter), (.square, .miter)] {
            let model = PrefixCoverage(points: points, cumulative: cumulative, lineWidth: 5, cap: LineCap(rawValue: cap.rawValue)!,
                                       join: LineJoin(rawValue: join.rawValue)!, canvasWidth: 200, canvasHeight: 200)
            for drawn in [7.3, 29.0, 31.2, 33.9, 60.1] {
                let image = Self.render(points, drawn: drawn, lineWidth: 5, cap: cap, join: join, ink: .black, background: nil,
                                        width: 200, height: 200)
                var worst = 0.0
                for i in 0..<model.pixelCount {
                    let exact = Double(image.pixels[Int(model.offsets[i]) + 3]) / 255
                    let predicted = Double(model.count(i, at: Float(drawn))) / Double(PrefixCoverage.samples)
                    worst = max(worst, abs(exact - predicted))
                }
                // 89 samples per pixel: a pixel's share is within a few samples of its area.
                #expect(worst < 0.06, "\(cap) \(join) at \(drawn) px: worst pixel off by \(worst)")
            }
        }
    }
}
