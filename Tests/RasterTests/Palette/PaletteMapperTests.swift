import Testing
import Raster

@Suite("Palette mapping")
struct PaletteMapperTests {
    typealias Images = PaletteTestImages

    /// Palettes with awkward shapes: random, a coarse grey ramp, duplicates, a transparent
    /// entry in the middle, a single colour, and colours crowded into one corner.
    static let palettes: [Palette] = {
        let random = Palette(colors: Images.distinctColors(256, seed: 7))
        let greys: [RGBA] = (0..<16).map { i in
            let v = UInt8(i * 17)
            return RGBA(v, v, v)
        }
        let duplicates = Palette(colors: [RGBA(10, 10, 10), RGBA(200, 0, 0), RGBA(10, 10, 10), RGBA(200, 0, 0), .white])
        let transparentInMiddle = Palette(colors: [RGBA(255, 0, 0), .black, RGBA(0, 0, 255), RGBA(0, 0, 0)],
                                          transparentIndex: 1)
        // 4 × 4 × 4 colours packed into the darkest corner of RGB space.
        var crowded: [RGBA] = []
        for b in 0..<4 {
            for g in 0..<4 {
                for r in 0..<4 { crowded.append(RGBA(UInt8(r), UInt8(g), UInt8(b))) }
            }
        }
        return [random, Palette(colors: greys), duplicates, transparentInMiddle,
                Palette(colors: [RGBA(77, 66, 55)]), Palette(colors: crowded)]
    }()

    @Test("fast mapping gives exactly the nearest entry of a plain search of the palette",
          arguments: palettes)
    func agreesWithPlainSearch(palette: Palette) {
        var generator = Images.Generator(state: 99)
        var image = RGBAImage(width: 97, height: 61)
        for y in 0..<image.height {
            for x in 0..<image.width {
                var c = generator.color()
                if generator.next(4) == 0 { c.a = UInt8(generator.next(256)) }
                image[x: x, y: y] = c
            }
        }
        var mapper = PaletteMapper(palette: palette)
        let indices = mapper.indices(for: image)
        var mismatches = 0
        for y in 0..<image.height {
            for x in 0..<image.width where Int(indices[y * image.width + x]) != palette.nearestIndex(to: image[x: x, y: y]) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
        for c in [RGBA.black, .white, RGBA(0, 0, 255), RGBA(255, 0, 0), RGBA(3, 3, 3)] {
            #expect(mapper.nearestIndex(to: c) == palette.nearestIndex(to: c))
        }
    }

    @Test("a colour exactly between two entries maps to the lower index",
          arguments: [(RGBA(0, 0, 0), RGBA(2, 0, 0)), (RGBA(2, 0, 0), RGBA(0, 0, 0)),
                      (RGBA(10, 20, 30), RGBA(30, 40, 50)), (RGBA(30, 40, 50), RGBA(10, 20, 30))])
    func breaksTiesByIndex(first: RGBA, second: RGBA) {
        let middle = RGBA((first.r &+ second.r) / 2, (first.g &+ second.g) / 2, (first.b &+ second.b) / 2)
        let palette = Palette(colors: [RGBA(255, 255, 255), first, second])
        #expect(palette.nearestIndex(to: middle) == 1)
        var mapper = PaletteMapper(palette: palette)
        #expect(mapper.nearestIndex(to: middle) == 1)
        #expect(mapper.indices(for: RGBAImage(width: 3, height: 2, fill: middle)) == [UInt8](repeating: 1, count: 6))
    }

    @Test("a colour listed twice maps to its first entry, and never to the transparent entry")
    func prefersFirstOfDuplicates() {
        let palette = Palette(colors: [RGBA(1, 1, 1), .black, RGBA(9, 9, 9), .black], transparentIndex: 1)
        #expect(palette.colors[1] == .transparent)
        #expect(palette.index(ofExactly: .black) == 3)
        #expect(palette.index(ofExactly: RGBA(9, 9, 9, 0)) == 2, "alpha is ignored")
        #expect(palette.index(ofExactly: RGBA(2, 2, 2)) == nil)
        var image = RGBAImage(width: 4, height: 1, fill: .black)
        image[x: 1, y: 0] = RGBA(9, 9, 9)
        image[x: 2, y: 0] = RGBA(9, 9, 9, 127)
        #expect(palette.indices(for: image) == [3, 2, 1, 3])
    }

    @Test("a sub-rectangle maps exactly like the same pixels of the whole picture",
          arguments: [Dithering.none, .ordered])
    func mapsSubRectangles(dithering: Dithering) {
        let image = Images.redGreenGradient()
        let palette = PaletteBuilder(maxColors: 12).palette(for: [image])
        var mapper = PaletteMapper(palette: palette)
        let whole = mapper.indices(for: image, dithering: dithering)
        let rect = PixelRect(x: 13, y: 5, width: 21, height: 30)
        let part = mapper.indices(for: image, in: rect, dithering: dithering)
        #expect(part.count == rect.width * rect.height)
        var expected: [UInt8] = []
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX { expected.append(whole[y * image.width + x]) }
        }
        #expect(part == expected)
        #expect(mapper.indices(for: image, in: PixelRect(x: 3, y: 3, width: 0, height: 5)) == [])
    }

    @Test("a copied mapper answers the same as the original",
          arguments: [Dithering.none, .ordered, .floydSteinberg])
    func copiesAreIndependent(dithering: Dithering) {
        let image = Images.redGreenGradient()
        let palette = Palette(colors: Images.distinctColors(200, seed: 3))
        var first = PaletteMapper(palette: palette)
        let expected = first.indices(for: image, dithering: dithering)
        var second = first
        #expect(second.indices(for: Images.greyRamp(), dithering: dithering).count == 256 * 32)
        #expect(first.indices(for: image, dithering: dithering) == expected)
        #expect(second.indices(for: image, dithering: dithering) == expected)
    }

    @Test("palettes of 1...256 entries are accepted, with any entry transparent")
    func acceptsPaletteSizes() {
        for n in [1, 2, 3, 255, 256] {
            let palette = Palette(colors: Images.distinctColors(n))
            #expect(palette.count == n)
            #expect(palette.transparentIndex == nil)
        }
        let t = Palette(colors: Images.distinctColors(256), transparentIndex: 255)
        #expect(t.colors[255] == .transparent)
        #expect(t.nearestIndex(to: RGBA(5, 5, 5, 0)) == 255)
    }

    @Test("palettes that are empty, too big, or only transparent are refused",
          arguments: [0, 257, -1])
    func refusesBadPalettes(size: Int) async {
        await #expect(processExitsWith: .failure) { [size] in
            if size < 0 {
                _ = Palette(colors: [.white], transparentIndex: 0)
            } else {
                _ = Palette(colors: [RGBA](repeating: .white, count: size))
            }
        }
    }
}
