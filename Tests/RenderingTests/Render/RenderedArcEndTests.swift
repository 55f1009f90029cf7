import Foundation
import GIFCodec
import Raster
import Rendering
import StrokeGeometry
import Testing

/// The ends of a rendered ring, measured from the decoded GIF's pixels alone, sit where the
/// frame's truth (what `render --truth` writes) says.
struct RenderedArcEndTests {
    typealias Ref = RenderReference

    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var model: String
        var layer: Int
        var ink: RGBA
        var settings: RenderSettings
        var from: Double
        var count: Int
        var cs: Int
        /// Largest allowed distance between measured and true angles (degrees). Measured worst
        /// cases are about a quarter of these; Core Animation's per-curve split and exact arc
        /// length differ by up to 0.42°, so the tolerance tells them apart.
        var tolerance: Double
    }

    static let spinnerInk = RGBA(0x00, 0x7A, 0xFF)
    static let paymentInk = RGBA(0x05, 0x9A, 0xE3)

    static let cases: [Case] = [
        Case(description: "spinner 1× (r 20 px, line 4 px), 256 colours, full frames", model: "loading-spinner", layer: 0, ink: spinnerInk,
             settings: RenderSettings(width: 100, height: 100), from: 0, count: 30, cs: 5, tolerance: 0.1),
        Case(description: "spinner 2× cropped (r 40 px, line 8 px), 256 colours, delta frames", model: "loading-spinner", layer: 0, ink: spinnerInk,
             settings: RenderSettings(scale: 2, width: 120, height: 120, origin: Point(-40, -40), deltaFrames: true),
             from: 0.02, count: 30, cs: 5, tolerance: 0.1),
        Case(description: "spinner 1×, 32 colours (coverage read through a coarse palette)", model: "loading-spinner", layer: 0, ink: spinnerInk,
             settings: RenderSettings(width: 100, height: 100, colors: 32, deltaFrames: true), from: 0, count: 30, cs: 5, tolerance: 0.2),
        Case(description: "payment ring 1× cropped (r 30 px, line 3 px), first cycle", model: "payment-success", layer: 0, ink: paymentInk,
             settings: RenderSettings(width: 100, height: 100, origin: Point(-100, -100), deltaFrames: true),
             from: 0, count: 40, cs: 10, tolerance: 0.1),
    ]

    @Test("the ends of a rendered butt-capped ring, measured from the decoded pixels, sit at the truth's angles", arguments: cases)
    func endsMatchTruth(_ c: Case) throws {
        let model = try Ref.model(c.model)
        let schedule = Ref.schedule(from: c.from, count: c.count, cs: c.cs)
        let (path, written) = try Ref.render(model, c.settings, schedule)
        let decoded = try Ref.decode(path)
        try #require(decoded.count == written.count)
        let background = try #require(c.settings.background)
        var measuredEnds = 0
        for (frame, gif) in zip(written, decoded) {
            let truth = frame.layers[c.layer]
            guard truth.presentation.state == .arc,
                  let startAngle = truth.presentation.startAngle, let endAngle = truth.presentation.endAngle,
                  let centre = truth.centerPixels, let radius = truth.radiusPixels else { continue }
            // The measurement needs the centre on a pixel corner; the cases are chosen so.
            try #require(centre.x == centre.x.rounded() && centre.y == centre.y.rounded())
            #expect(radius >= 20)
            guard let measured = Ref.measuredEnds(
                in: gif.image, center: (Int(centre.x), Int(centre.y)), radius: radius, lineWidth: truth.lineWidthPixels,
                ink: c.ink, background: background, startAngle: startAngle, endAngle: endAngle) else { continue }
            let endError = Ref.degreesApart(measured.end, endAngle)
            #expect(endError <= c.tolerance, "frame \(frame.schedule.index) at \(frame.schedule.modelTime) s: end measured \(measured.end)°, truth \(endAngle)°")
            measuredEnds += 1
            // A start on a quadrant boundary (12 o'clock) has nothing to measure it from.
            if abs(startAngle - (startAngle / 90).rounded(.down) * 90) > 1e-9 {
                let startError = Ref.degreesApart(measured.start, startAngle)
                #expect(startError <= c.tolerance, "frame \(frame.schedule.index): start measured \(measured.start)°, truth \(startAngle)°")
            }
        }
        // Enough frames were measured for the comparison to mean something.
        #expect(measuredEnds >= c.count / 3)
    }

    @Test("the measurement itself is exact on a ring the rasteriser draws: a quarter arc reads as 90°")
    func measurementSanity() throws {
        // Truth-independent check of the reference: the spinner at strokeEnd 0.25 from 12 o'clock.
        let model = try Ref.model("loading-spinner")
        let renderer = FrameRenderer(model: model, settings: RenderSettings(width: 100, height: 100))
        // Linear strokeEnd 0 → 1 over 2D/3 = 1 s; strokeStart eases from 0: at 0.25 s it is tiny but not 0.
        let (image, truths) = renderer.render(at: 0.25)
        let p = truths[0].presentation
        let start = try #require(p.startAngle), end = try #require(p.endAngle)
        let measured = try #require(Ref.measuredEnds(in: image, center: (50, 50), radius: 20, lineWidth: 4, ink: Self.spinnerInk,
                                                     background: .white, startAngle: start, endAngle: end))
        #expect(abs(end - 90) < 0.5)
        #expect(Ref.degreesApart(measured.end, end) < 0.3)
    }
}
