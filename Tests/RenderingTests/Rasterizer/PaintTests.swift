import Raster
import Rendering
import StrokeGeometry
import Testing

/// Painting a colour through a coverage mask: source-over with straight alpha.
struct RasterizerPaintTests {
    /// A one-row mask over columns 0..<values.count.
    static func row(_ values: [Float]) -> CoverageMask {
        CoverageMask(rect: PixelRect(x: 0, y: 0, width: values.count, height: 1), values: values)
    }

    @Test("over a transparent pixel the colour keeps its channels and gets alpha coverage·a")
    func overTransparent() {
        var image = RGBAImage(width: 4, height: 1)
        image.paint(Self.row([1, 0.5, 0.25, 0]), color: RGBA(200, 100, 50, 255))
        #expect(image[x: 0, y: 0] == RGBA(200, 100, 50, 255))
        #expect(image[x: 1, y: 0] == RGBA(200, 100, 50, 128))  // 127.5 rounds up
        #expect(image[x: 2, y: 0] == RGBA(200, 100, 50, 64))  // 63.75
        #expect(image[x: 3, y: 0] == RGBA.transparent)
    }

    @Test(
        "over an opaque pixel the result is the coverage-weighted mix of colour and background",
        arguments: [Float(0), 0.1, 0.25, 0.5, 0.75, 0.9, 1])
    func overOpaque(coverage: Float) {
        var image = RGBAImage(width: 1, height: 1, fill: RGBA(255, 255, 255))
        image.paint(Self.row([coverage]), color: RGBA(255, 0, 20, 255))
        let c = Double(coverage)
        let g = UInt8((255 * (1 - c)).rounded())
        let b = UInt8((20 * c + 255 * (1 - c)).rounded())
        #expect(image[x: 0, y: 0] == RGBA(255, g, b, 255))
    }

    @Test("a translucent colour contributes coverage·a of itself", arguments: [UInt8(0), 64, 128, 255])
    func translucentColour(background: UInt8) {
        var image = RGBAImage(width: 1, height: 1, fill: RGBA(background, background, background))
        image.paint(Self.row([1]), color: RGBA(0, 0, 255, 128))
        let a = 128.0 / 255
        let grey = UInt8((Double(background) * (1 - a)).rounded())
        let blue = UInt8((255 * a + Double(background) * (1 - a)).rounded())
        #expect(image[x: 0, y: 0] == RGBA(grey, grey, blue, 255))
    }

    @Test(
        "over a translucent pixel the result follows the source-over formula to the nearest level",
        arguments: [UInt8(1), 40, 128, 200, 254])
    func overTranslucent(backgroundAlpha: UInt8) {
        let coverages: [Float] = (0...20).map { Float($0) / 20 }
        var image = RGBAImage(width: coverages.count, height: 1, fill: RGBA(10, 220, 90, backgroundAlpha))
        let colour = RGBA(240, 30, 160, 180)
        image.paint(Self.row(coverages), color: colour)
        for (x, coverage) in coverages.enumerated() {
            let s = Double(coverage) * Double(colour.a) / 255
            let d = Double(backgroundAlpha) / 255
            let alpha = s + d * (1 - s)
            func mix(_ front: UInt8, _ back: UInt8) -> Double {
                (Double(front) * s + Double(back) * d * (1 - s)) / alpha
            }
            let pixel = image[x: x, y: 0]
            #expect(abs(Double(pixel.a) - alpha * 255) <= 0.5 + 1e-3)
            #expect(abs(Double(pixel.r) - mix(240, 10)) <= 0.5 + 1e-3)
            #expect(abs(Double(pixel.g) - mix(30, 220)) <= 0.5 + 1e-3)
            #expect(abs(Double(pixel.b) - mix(160, 90)) <= 0.5 + 1e-3)
        }
    }

    @Test("painting is deterministic and ignores the parts of a mask outside the image")
    func clippedAndDeterministic() {
        let mask = StrokeRasterizer.coverage(
            pieces: [StrokePiece(segments: [.line(from: Point(-5, 3.3), to: Point(14, 3.3))], isClosed: false)],
            lineWidth: 5, cap: .round)
        #expect(mask.x < 0)
        var first = RGBAImage(width: 10, height: 6, fill: RGBA(0, 0, 0, 100))
        var second = first
        first.paint(mask, color: RGBA(255, 128, 0, 230))
        second.paint(mask, color: RGBA(255, 128, 0, 230))
        #expect(first == second)
        // Full coverage: α = 230/255 + (100/255)(25/255) → 239.8; red 255·(230/255)/α → 244.6.
        #expect(first[x: 0, y: 3] == RGBA(245, 123, 0, 240))
        #expect(first[x: 9, y: 3] == first[x: 0, y: 3])
        // Row 0 holds only the part of the stroke above y = 1 (coverage 0.2 where fully spanned).
        #expect(first[x: 5, y: 0].a > 100 && first[x: 5, y: 0].a < 255)
    }

    @Test("a stroke painted onto a transparent canvas leaves untouched pixels transparent black")
    func untouchedPixels() {
        var image = RGBAImage(width: 30, height: 30)
        let mask = StrokeRasterizer.coverage(
            pieces: [StrokePiece(segments: [.line(from: Point(5, 5), to: Point(25, 20))], isClosed: false)],
            lineWidth: 3, cap: .butt, clip: image.bounds)
        image.paint(mask, color: RGBA(0, 200, 0))
        var painted = 0
        for y in 0..<30 {
            for x in 0..<30 {
                let pixel = image[x: x, y: y]
                if mask[x: x, y: y] == 0 {
                    #expect(pixel == .transparent)
                } else if pixel.a > 0 {
                    #expect(pixel.r == 0 && pixel.g == 200 && pixel.b == 0)
                    painted += 1
                }
            }
        }
        #expect(painted > 50)
    }
}
