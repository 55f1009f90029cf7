import Testing
import Raster

@Suite("Area-average downscaling")
struct DownscaleTests {
    @Test("halving averages each 2×2 block")
    func halvesByBlocks() {
        let grey: (UInt8) -> RGBA = { RGBA($0, $0, $0) }
        var image = RGBAImage(width: 4, height: 4)
        let values: [[UInt8]] = [
            [0, 40, 100, 100],
            [80, 120, 100, 100],
            [255, 255, 0, 0],
            [255, 255, 0, 3],
        ]
        for y in 0..<4 { for x in 0..<4 { image[x: x, y: y] = grey(values[y][x]) } }
        let small = image.downscaled(toWidth: 2, height: 2)
        #expect(allPixels(small) == [grey(60), grey(100), grey(255), grey(1)])
    }

    @Test("a fractional step weights each source pixel by how much of it is covered")
    func weightsPartialCoverage() {
        var image = RGBAImage(width: 3, height: 1)
        image[x: 0, y: 0] = RGBA(0, 0, 0)
        image[x: 1, y: 0] = RGBA(90, 90, 90)
        image[x: 2, y: 0] = RGBA(180, 180, 180)
        // Output pixels cover source [0, 1.5) and [1.5, 3): (0 + 45) / 1.5 and (45 + 180) / 1.5.
        let small = image.downscaled(toWidth: 2, height: 1)
        #expect(allPixels(small) == [RGBA(30, 30, 30), RGBA(150, 150, 150)])
    }

    @Test("transparent pixels lower alpha without tinting the colour")
    func averagesPremultiplied() {
        var image = RGBAImage(width: 2, height: 1)
        image[x: 0, y: 0] = RGBA(255, 0, 0, 255)
        image[x: 1, y: 0] = RGBA(0, 0, 255, 0)
        #expect(image.downscaled(toWidth: 1, height: 1)[x: 0, y: 0] == RGBA(255, 0, 0, 128))

        var faint = RGBAImage(width: 2, height: 1)
        faint[x: 0, y: 0] = RGBA(200, 0, 0, 200)
        faint[x: 1, y: 0] = RGBA(0, 0, 200, 50)
        // Colour (200·200, 0, 200·50) / 250, alpha 250 / 2.
        #expect(faint.downscaled(toWidth: 1, height: 1)[x: 0, y: 0] == RGBA(160, 0, 40, 125))

        let clear = RGBAImage(width: 4, height: 4, fill: RGBA(9, 9, 9, 0))
        #expect(allPixels(clear.downscaled(toFit: 2)).allSatisfy { $0 == .transparent })
    }

    @Test("fitting keeps the aspect ratio, never enlarges and keeps at least one pixel")
    func fitsSizes() {
        #expect(RGBAImage.fittingSize(width: 480, height: 240, maxWidth: 240, maxHeight: 240) == (240, 120))
        #expect(RGBAImage.fittingSize(width: 240, height: 480, maxWidth: 240, maxHeight: 240) == (120, 240))
        #expect(RGBAImage.fittingSize(width: 100, height: 50, maxWidth: 240, maxHeight: 240) == (100, 50))
        #expect(RGBAImage.fittingSize(width: 1000, height: 3, maxWidth: 240, maxHeight: 240) == (240, 1))
        #expect(RGBAImage.fittingSize(width: 300, height: 100, maxWidth: 240, maxHeight: 60) == (180, 60))
        #expect(RGBAImage(width: 500, height: 250).downscaled(toFit: 240).width == 240)
        #expect(RGBAImage(width: 500, height: 250).downscaled(toFit: 240).height == 120)
        let fits = RGBAImage(width: 10, height: 10, fill: .white)
        #expect(fits.downscaled(toFit: 240) == fits)
    }

    @Test("a uniform picture stays the same colour at any size")
    func keepsUniformColour() {
        let colour = RGBA(12, 34, 56, 78)
        let image = RGBAImage(width: 37, height: 23, fill: colour)
        let small = image.downscaled(toWidth: 11, height: 7)
        #expect(allPixels(small).allSatisfy { $0 == colour })
    }
}
