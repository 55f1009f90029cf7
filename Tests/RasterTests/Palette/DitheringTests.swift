import Testing
import Raster

@Suite("Dithering")
struct DitheringTests {
    typealias Images = PaletteTestImages

    /// Eight greys about 36 apart, black and white included.
    static let greys = Palette(colors: (0..<8).map { i in
        let v = UInt8((i * 255 + 3) / 7)
        return RGBA(v, v, v)
    })

    @Test("dithering leaves pixels whose colour is in the palette on that entry",
          arguments: [Dithering.ordered, .floydSteinberg])
    func keepsExactColours(dithering: Dithering) {
        // A flat background in a palette colour, with a grey ramp band across the middle and
        // an ink stripe through it.
        let background = RGBA(36, 36, 36), ink = RGBA(255, 255, 255)
        var image = RGBAImage(width: 120, height: 40, fill: background)
        for y in 10..<30 {
            for x in 0..<120 {
                let v = UInt8(40 + x * 2 / 3)
                image[x: x, y: y] = x % 17 == 0 ? ink : RGBA(v, v &+ 3, v)
            }
        }
        image[x: 5, y: 5] = .transparent
        let palette = Palette(colors: Self.greys.colors + [.transparent], transparentIndex: 8)
        let indices = palette.indices(for: image, dithering: dithering)
        var changed = 0, exact = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let c = image[x: x, y: y]
                let i = Int(indices[y * image.width + x])
                if c.a < 128 {
                    #expect(i == 8)
                } else if let e = palette.index(ofExactly: c) {
                    exact += 1
                    if i != e { changed += 1 }
                }
            }
        }
        #expect(exact == 120 * 20 - 1 + 8 * 20, "background (less one transparent pixel) and ink stripes")
        #expect(changed == 0)
        #expect(Set(indices[(10 * 120)..<(30 * 120)]).count > 2, "the ramp band is dithered")
    }

    @Test("dithering makes a smooth ramp's local averages closer to the original than plain mapping",
          arguments: [Dithering.ordered, .floydSteinberg], [4, 8])
    func reducesLocalAverageError(dithering: Dithering, block: Int) {
        let ramp = Images.greyRamp()
        func averageError(_ d: Dithering) -> Double {
            let indices = Self.greys.indices(for: ramp, dithering: d)
            let mapped = Images.rebuild(indices, palette: Self.greys, width: ramp.width, height: ramp.height)
            return Images.blockAverageError(ramp, mapped, block: block)
        }
        let plain = averageError(.none), dithered = averageError(dithering)
        // Plain mapping is off by about a quarter of the 36-unit step on average (×√3 for RGB).
        #expect(plain > 12)
        #expect(dithered < plain / 2, "plain \(plain), dithered \(dithered)")
    }

    @Test("a colour between two greys is dithered to those greys in about the right proportion",
          arguments: [Dithering.ordered, .floydSteinberg])
    func mixesNeighbouringEntries(dithering: Dithering) {
        // 48 lies 12/37 of the way from grey 1 (36) to grey 2 (73).
        let image = RGBAImage(width: 32, height: 32, fill: RGBA(48, 48, 48))
        let indices = Self.greys.indices(for: image, dithering: dithering)
        #expect(Set(indices) == [1, 2])
        let upper = indices.filter { $0 == 2 }.count
        let share = Double(upper) / Double(indices.count)
        #expect(abs(share - 12.0 / 37.0) < 0.08, "share of the upper grey: \(share)")
    }

    @Test("ordered dithering's amplitude is the palette's typical spacing between neighbouring entries")
    func measuresSpacing() {
        #expect(PaletteMapper(palette: Self.greys).orderedAmplitude == 36)
        let ramp16 = Palette(colors: (0..<16).map { RGBA(UInt8($0 * 17), 0, 0) })
        #expect(PaletteMapper(palette: ramp16).orderedAmplitude == 17)
        #expect(PaletteMapper(palette: Palette(colors: [.white])).orderedAmplitude == 0)
        #expect(PaletteMapper(palette: Palette(colors: [.white, .white])).orderedAmplitude == 0)
        let withTransparent = Palette(colors: [.black, .white, .transparent], transparentIndex: 2)
        #expect(PaletteMapper(palette: withTransparent).orderedAmplitude == 255)
    }

    @Test("with a single opaque entry every dithering gives that entry", arguments: Dithering.allCases)
    func singleEntry(dithering: Dithering) {
        let palette = Palette(colors: [RGBA(9, 8, 7)])
        #expect(palette.indices(for: Images.redGreenGradient(), dithering: dithering).allSatisfy { $0 == 0 })
    }
}
