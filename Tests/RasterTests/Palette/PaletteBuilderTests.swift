import Testing
import Raster

@Suite("Palette building")
struct PaletteBuilderTests {
    typealias Images = PaletteTestImages

    @Test("pictures with no more opaque colours than fit keep every colour exactly",
          arguments: [(2, false), (2, true), (17, false), (17, true), (255, true), (256, false)])
    func keepsFewColoursExactly(maxColors: Int, reserveTransparent: Bool) {
        let builder = PaletteBuilder(maxColors: maxColors, reserveTransparent: reserveTransparent)
        let colors = Images.distinctColors(builder.opaqueCapacity)
        let image = Images.picture(using: colors)
        let histogram = ColorHistogram(images: [image])
        #expect(builder.keepsColorsExactly(histogram))

        let palette = builder.palette(for: histogram)
        #expect(palette.count == maxColors)
        let opaque = palette.colors.enumerated().filter { $0.offset != palette.transparentIndex }.map(\.element)
        #expect(Set(opaque) == Set(colors))

        let indices = palette.indices(for: image)
        #expect(Images.rebuild(indices, palette: palette, width: image.width, height: image.height) == image)
    }

    @Test("exact palettes list the most used colour first, equal counts in 0xRRGGBB order")
    func ordersExactColoursByUse() {
        var histogram = ColorHistogram()
        histogram.add(RGBA(9, 9, 9), count: 5)
        histogram.add(RGBA(1, 2, 3), count: 7)
        histogram.add(RGBA(0, 0, 200), count: 5)
        histogram.add(RGBA(0, 0, 100, 200), count: 5)
        let palette = PaletteBuilder(maxColors: 16).palette(for: histogram)
        #expect(palette.colors == [RGBA(1, 2, 3), RGBA(0, 0, 100), RGBA(0, 0, 200), RGBA(9, 9, 9)])
        #expect(palette.transparentIndex == nil)
    }

    @Test("a gradient quantised to N colours stays close to the original and uses indices below N",
          arguments: [(2, 90.0), (16, 29.0), (64, 14.5), (256, 7.5)])
    func quantisesGradient(maxColors: Int, rmsBound: Double) {
        // The best split of the 256 × 256 square into N rectangles of a × b has an RMS error
        // of √((a² + b²) / 12): 82.6 for 2, 26.1 for 16, 13.1 for 64 and 6.5 for 256.
        let image = Images.redGreenGradient()
        let palette = PaletteBuilder(maxColors: maxColors).palette(for: [image])
        #expect(palette.count <= maxColors)
        let indices = palette.indices(for: image)
        #expect(indices.count == image.width * image.height)
        #expect(indices.allSatisfy { Int($0) < palette.count })
        let error = Images.rmsError(image, Images.rebuild(indices, palette: palette, width: 64, height: 64))
        #expect(error < rmsBound, "RMS error \(error)")
    }

    @Test("a picture with more than 256 colours is quantised from cell means and stays close")
    func quantisesLargeHistograms() {
        // 4096 colours overflow the exact count, so the palette comes from cell means.
        let image = Images.redGreenGradient()
        let histogram = ColorHistogram(images: [image])
        #expect(histogram.distinctColorCount == nil)
        #expect(!histogram.isExact)
        let palette = PaletteBuilder(maxColors: 32).palette(for: histogram)
        #expect(palette.count == 32)
        let error = Images.rmsError(image, Images.rebuild(palette.indices(for: image), palette: palette,
                                                          width: 64, height: 64))
        #expect(error < 21, "RMS error \(error)")
    }

    @Test("the palette never has more than maxColors entries",
          arguments: [2, 3, 64, 255, 256], [false, true])
    func respectsSizeLimit(maxColors: Int, reserveTransparent: Bool) {
        var image = Images.redGreenGradient()
        image[x: 0, y: 0] = .transparent
        let builder = PaletteBuilder(maxColors: maxColors, reserveTransparent: reserveTransparent)
        let palette = builder.palette(for: [image])
        #expect(palette.count <= maxColors)
        #expect(palette.count >= (reserveTransparent ? 2 : 1))
        #expect(palette.indices(for: image).allSatisfy { Int($0) < palette.count })
    }

    @Test("the reserved transparent entry is the last and takes exactly the pixels with alpha below 128")
    func reservesTransparentEntry() {
        var image = RGBAImage(width: 8, height: 1, fill: RGBA(10, 20, 30))
        image[x: 1, y: 0] = RGBA(255, 255, 255, 0)
        image[x: 2, y: 0] = RGBA(200, 0, 0, 127)
        image[x: 3, y: 0] = RGBA(200, 0, 0, 128)
        image[x: 4, y: 0] = RGBA(0, 0, 0, 255)
        image[x: 5, y: 0] = RGBA(200, 0, 0, 1)
        let palette = PaletteBuilder(maxColors: 4, reserveTransparent: true).palette(for: [image])
        #expect(palette.transparentIndex == 3)
        #expect(palette.colors == [RGBA(10, 20, 30), RGBA(0, 0, 0), RGBA(200, 0, 0), .transparent])
        #expect(palette.indices(for: image) == [0, 3, 3, 2, 1, 3, 0, 0],
                "alpha 128 is opaque red; opaque black is not the (black) transparent entry")

        let plain = PaletteBuilder(maxColors: 4).palette(for: [image])
        #expect(plain.transparentIndex == nil)
        #expect(plain.colors == [RGBA(10, 20, 30), RGBA(0, 0, 0), RGBA(200, 0, 0)])
        #expect(plain.indices(for: image) == [0, 2, 2, 2, 1, 2, 0, 0],
                "without a transparent entry, alpha is ignored and pixels map by RGB")
    }

    @Test("an all-transparent picture maps wholly to the transparent entry, or to black without one",
          arguments: [false, true])
    func handlesAllTransparentPicture(reserveTransparent: Bool) {
        let image = RGBAImage(width: 5, height: 3)
        let histogram = ColorHistogram(images: [image])
        #expect(histogram.transparentPixelCount == 15)
        #expect(histogram.opaquePixelCount == 0)
        #expect(histogram.exactColors == [])
        let palette = PaletteBuilder(reserveTransparent: reserveTransparent).palette(for: histogram)
        if reserveTransparent {
            #expect(palette.colors == [.black, .transparent])
            #expect(palette.transparentIndex == 1)
            #expect(palette.indices(for: image) == [UInt8](repeating: 1, count: 15))
        } else {
            #expect(palette.colors == [.black])
            #expect(palette.indices(for: image) == [UInt8](repeating: 0, count: 15))
        }
    }

    @Test("an empty histogram or picture still gives a usable palette")
    func handlesEmptyInput() {
        #expect(PaletteBuilder().palette(for: ColorHistogram()).colors == [.black])
        #expect(PaletteBuilder().palette(for: [RGBAImage(width: 0, height: 0)]).colors == [.black])
        #expect(PaletteBuilder().palette(for: [RGBAImage]()).colors == [.black])
        #expect(Palette(colors: [.white]).indices(for: RGBAImage(width: 0, height: 7)) == [])
    }

    @Test("the same pictures give the same palette and indices on every run", arguments: [4, 255])
    func isDeterministic(maxColors: Int) {
        var noisy = Images.redGreenGradient()
        var generator = Images.Generator(state: 42)
        for _ in 0..<500 {
            noisy[x: generator.next(64), y: generator.next(64)] = generator.color()
        }
        func run() -> (Palette, [[UInt8]]) {
            let builder = PaletteBuilder(maxColors: maxColors, reserveTransparent: true)
            let palette = builder.palette(for: [noisy, Images.greyRamp()])
            var mapper = PaletteMapper(palette: palette)
            return (palette, Dithering.allCases.map { mapper.indices(for: noisy, dithering: $0) })
        }
        let (p1, i1) = run()
        let (p2, i2) = run()
        #expect(p1 == p2)
        #expect(p1.count == maxColors)
        #expect(i1 == i2)
    }

    @Test("the palette depends only on the pixels added, not on their order or grouping",
          arguments: [8, 256])
    func ignoresFrameOrder(maxColors: Int) {
        let frames = [Images.redGreenGradient(), Images.greyRamp(), Images.picture(using: Images.distinctColors(300))]
        let builder = PaletteBuilder(maxColors: maxColors)
        let together = builder.palette(for: frames)

        var reversed = ColorHistogram()
        for frame in frames.reversed() { reversed.add(frame) }
        #expect(builder.palette(for: reversed) == together)

        // Histograms past 256 colours merged with each other, and with ones still exact.
        var merged = ColorHistogram(images: [frames[2]])
        merged.merge(ColorHistogram(images: [frames[1], frames[0]]))
        #expect(builder.palette(for: merged) == together)
        var exactFirst = ColorHistogram(images: [frames[1]])
        #expect(exactFirst.isExact)
        exactFirst.merge(ColorHistogram(images: [frames[0], frames[2]]))
        #expect(builder.palette(for: exactFirst) == together)
        var exactLast = ColorHistogram(images: [frames[0], frames[2]])
        exactLast.merge(ColorHistogram(images: [frames[1]]))
        #expect(builder.palette(for: exactLast) == together)
        #expect(exactLast.opaquePixelCount == frames.map { $0.width * $0.height }.reduce(0, +))

        var halves = ColorHistogram()
        for frame in frames {
            halves.add(frame, in: PixelRect(x: 0, y: 0, width: frame.width, height: frame.height / 2))
            halves.add(frame, in: PixelRect(x: 0, y: frame.height / 2, width: frame.width, height: frame.height))
        }
        #expect(builder.palette(for: halves) == together)
    }

    @Test("the histogram counts colours exactly up to 256 and then switches to cells")
    func countsColours() {
        var histogram = ColorHistogram()
        histogram.add(Images.picture(using: Images.distinctColors(256), width: 32, height: 16))
        #expect(histogram.isExact)
        #expect(histogram.distinctColorCount == 256)
        #expect(histogram.exactColors?.count == 256)
        #expect(histogram.exactColors?.allSatisfy { $0.count == 2 } == true)
        #expect(histogram.opaquePixelCount == 512)
        histogram.add(Images.picture(using: Images.distinctColors(256), width: 32, height: 16))
        #expect(histogram.isExact, "the same colours again are still 256")
        histogram.add(RGBA(1, 1, 1, 0), count: 3)
        #expect(histogram.isExact, "transparent pixels have no colour")
        histogram.add(Images.picture(using: Images.distinctColors(257), width: 257, height: 1))
        #expect(!histogram.isExact)
        #expect(histogram.exactColors == nil)
        #expect(histogram.opaquePixelCount == 1281)
        #expect(histogram.transparentPixelCount == 3)
    }

    @Test("palette sizes outside 2...256 are refused", arguments: [Int.min, 0, 1, 257])
    func refusesBadSizes(maxColors: Int) async {
        await #expect(processExitsWith: .failure) { [maxColors] in
            _ = PaletteBuilder(maxColors: maxColors)
        }
    }
}
