import Foundation
import GIFCodec
import Raster
import Rendering
import StrokeGeometry
import Testing

/// A rendered GIF, decoded by our own decoder, gives back the pictures `FrameRenderer` drew
/// before quantisation: exactly when the palette holds every colour, otherwise each pixel is the
/// palette entry it was mapped to (the nearest one without dithering), whatever frame encoding
/// (full frames, delta rectangles over a background, cleared rectangles over transparency).
struct RenderRoundTripTests {
    typealias Ref = RenderReference

    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var model: String
        var settings: RenderSettings
        var from: Double
        var count: Int
        var cs: Int
        /// Largest allowed difference in any channel between the drawn and the decoded picture
        /// (opaque pixels): 0 when the palette holds every colour; for 32 colours a loose bound
        /// (about 10 % of the range; the exact check is that each pixel got its nearest entry).
        var tolerance: Int
    }

    static let spinnerDuplicate: Set<Int> = [7, 8]

    static let cases: [Case] = [
        Case(description: "spinner, full frames, white, 256 colours", model: "loading-spinner",
             settings: RenderSettings(width: 100, height: 100), from: 0, count: 30, cs: 5, tolerance: 0),
        Case(description: "spinner, delta frames over white, 256 colours", model: "loading-spinner",
             settings: RenderSettings(width: 100, height: 100, deltaFrames: true), from: 0, count: 30, cs: 5, tolerance: 0),
        Case(description: "spinner, delta frames over transparency, 256 colours", model: "loading-spinner",
             settings: RenderSettings(width: 100, height: 100, background: nil, deltaFrames: true), from: 0, count: 30, cs: 5, tolerance: 0),
        Case(description: "spinner, full frames over transparency, 256 colours", model: "loading-spinner",
             settings: RenderSettings(width: 100, height: 100, background: nil), from: 0.3, count: 20, cs: 5, tolerance: 0),
        Case(description: "spinner, full frames over a dark grey, 32 colours", model: "loading-spinner",
             settings: RenderSettings(width: 100, height: 100, background: RGBA(40, 40, 40), colors: 32), from: 0, count: 30, cs: 5, tolerance: 24),
        Case(description: "spinner, delta frames over white, 32 colours", model: "loading-spinner",
             settings: RenderSettings(width: 100, height: 100, colors: 32, deltaFrames: true), from: 0, count: 30, cs: 5, tolerance: 24),
        Case(description: "spinner 2×, delta frames, 32 colours, Floyd–Steinberg", model: "loading-spinner",
             settings: RenderSettings(scale: 2, width: 120, height: 120, origin: Point(-40, -40), colors: 32,
                                      dithering: .floydSteinberg, deltaFrames: true), from: 0, count: 30, cs: 5, tolerance: 40),
        Case(description: "spinner 2×, delta frames over transparency, 32 colours, ordered dither", model: "loading-spinner",
             settings: RenderSettings(scale: 2, width: 120, height: 120, origin: Point(-40, -40), background: nil, colors: 32,
                                      dithering: .ordered, deltaFrames: true), from: 0, count: 30, cs: 5, tolerance: 40),
        Case(description: "payment around the success moment (ring, then full ring and tick), delta frames, 256 colours", model: "payment-success",
             settings: RenderSettings(width: 100, height: 100, origin: Point(-100, -100), deltaFrames: true), from: 5, count: 40, cs: 8, tolerance: 0),
        Case(description: "payment around the success moment, full frames, 32 colours", model: "payment-success",
             settings: RenderSettings(width: 100, height: 100, origin: Point(-100, -100), colors: 32), from: 5, count: 40, cs: 8, tolerance: 24),
    ]

    @Test("a render decoded by our decoder gives back the drawn pixels within palette error", arguments: cases)
    func roundTrip(_ c: Case) throws {
        let model = try Ref.model(c.model)
        let schedule = Ref.schedule(from: c.from, count: c.count, cs: c.cs, duplicate: Self.spinnerDuplicate)
        let (path, written) = try Ref.render(model, c.settings, schedule)
        let decoded = try Ref.decode(path)
        #expect(decoded.count == schedule.frames.count)
        #expect(written.count == schedule.frames.count)
        let renderer = FrameRenderer(model: model, settings: c.settings)
        let pictures = schedule.frames.map { renderer.render(at: $0.modelTime).image }
        let histogram = ColorHistogram(images: pictures)
        // The palette the renderer chose: the whole animation's colours, with a transparent entry
        // for delta frames and transparent canvases.
        let builder = PaletteBuilder(maxColors: c.settings.colors,
                                     reserveTransparent: c.settings.deltaFrames || c.settings.background == nil)
        let palette = builder.palette(for: histogram)
        var mapper = PaletteMapper(palette: palette)
        let exact = builder.keepsColorsExactly(histogram)
        if c.tolerance == 0 { #expect(exact, "this case is meant to fit its palette") }

        var worst = 0, mismatches = 0, inexact = 0, drawnPixels = 0
        for ((frame, gif), drawn) in zip(zip(schedule.frames, decoded), pictures) {
            #expect(gif.info.delayCentiseconds == frame.delayCentiseconds)
            let indices = mapper.indices(for: drawn, dithering: c.settings.dithering)
            let source = drawn.pixels, shown = gif.image.pixels
            for (i, index) in indices.enumerated() {
                let p = 4 * i
                if source[p + 3] < 128 {
                    // GIF transparency is all or nothing: faint edges over a transparent canvas
                    // vanish, exactly as the palette mapping decides.
                    if shown[p + 3] != 0 { mismatches += 1 }
                    continue
                }
                drawnPixels += 1
                // The decoded pixel is the palette entry the encoder chose, fully opaque...
                let entry = palette.colors[Int(index)]
                if shown[p] != entry.r || shown[p + 1] != entry.g || shown[p + 2] != entry.b || shown[p + 3] != 255 {
                    mismatches += 1
                }
                // ...which is the drawn colour itself when the palette holds every colour.
                let error = max(abs(Int(shown[p]) - Int(source[p])), abs(Int(shown[p + 1]) - Int(source[p + 1])),
                                abs(Int(shown[p + 2]) - Int(source[p + 2])))
                if error != 0 { inexact += 1 }
                worst = max(worst, error)
            }
        }
        #expect(mismatches == 0)
        #expect(drawnPixels > 0)
        if exact { #expect(inexact == 0) }
        #expect(worst <= c.tolerance)
        if c.settings.dithering == .none, !exact {
            // Without dithering every pixel took its nearest entry: the error is the palette's own.
            var nearestWorst = 0
            var seen = Set<RGBA>()
            for drawn in pictures {
                let source = drawn.pixels
                for p in stride(from: 0, to: source.count, by: 4) where source[p + 3] >= 128 {
                    let s = RGBA(source[p], source[p + 1], source[p + 2])
                    guard seen.insert(s).inserted else { continue }
                    let n = palette.colors[palette.nearestIndex(to: s)]
                    nearestWorst = max(nearestWorst, abs(Int(n.r) - Int(s.r)), abs(Int(n.g) - Int(s.g)), abs(Int(n.b) - Int(s.b)))
                }
            }
            #expect(worst == nearestWorst)
        }
    }

    @Test("delta frames write only the changed rectangle, and a repeated picture writes a single transparent pixel")
    func deltaRectangles() throws {
        let model = try Ref.model("loading-spinner")
        let settings = RenderSettings(width: 100, height: 100, deltaFrames: true)
        let schedule = Ref.schedule(count: 12, cs: 4, duplicate: Self.spinnerDuplicate)
        let (path, _) = try Ref.render(model, settings, schedule)
        let decoded = try Ref.decode(path)
        let t = try #require(decoded[1].info.transparentIndex)
        #expect(decoded[0].info.rect == PixelRect(x: 0, y: 0, width: 100, height: 100))
        for frame in decoded.dropFirst() {
            #expect(frame.info.transparentIndex == t)
            #expect(frame.info.disposal == .keep)
            if Self.spinnerDuplicate.contains(frame.info.index) {
                #expect(frame.info.rect == PixelRect(x: 0, y: 0, width: 1, height: 1))
                #expect(frame.image == decoded[frame.info.index - 1].image)
            } else {
                // The spinner's arc stays within the ring's bounding box, 20 ± 2 px around (50, 50).
                #expect(frame.info.rect.width * frame.info.rect.height < 100 * 100)
                #expect(PixelRect(x: 27, y: 27, width: 46, height: 46).contains(frame.info.rect))
            }
        }
    }
}
