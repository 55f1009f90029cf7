import Testing
import Raster

@Suite("Compositing and outlines")
struct CompositingTests {
    let light = RGBA(255, 255, 255)
    let dark = RGBA(204, 204, 204)
    var board: Backdrop { .checkerboard(light: light, dark: dark, squareSize: 8) }

    @Test("transparent pixels show the checkerboard, starting light at the top-left")
    func showsCheckerboard() {
        let image = RGBAImage(width: 16, height: 16).composited(over: board)
        #expect(image[x: 0, y: 0] == light)
        #expect(image[x: 7, y: 7] == light)
        #expect(image[x: 8, y: 0] == dark)
        #expect(image[x: 0, y: 8] == dark)
        #expect(image[x: 8, y: 8] == light)
        #expect(image[x: 15, y: 15] == light)
    }

    @Test("opaque pixels win, part-transparent ones blend, and the result is opaque")
    func blendsOverBackdrop() {
        var image = RGBAImage(width: 2, height: 1)
        image[x: 0, y: 0] = RGBA(10, 20, 30, 255)
        image[x: 1, y: 0] = RGBA(255, 0, 0, 128)
        let flat = image.composited(over: board)
        #expect(flat[x: 0, y: 0] == RGBA(10, 20, 30, 255))
        // (255·128 + 255·127) / 255 and (0·128 + 255·127) / 255, rounded.
        #expect(flat[x: 1, y: 0] == RGBA(255, 127, 127, 255))
        #expect(image.composited(over: .solid(RGBA(0, 0, 0, 0)))[x: 1, y: 0] == RGBA(128, 0, 0, 255),
                "a backdrop is opaque whatever its alpha")
    }

    @Test("the checkerboard is anchored at the source wherever it lands, and clipped")
    func compositesAtOffset() {
        var sheet = RGBAImage(width: 10, height: 10, fill: RGBA(1, 2, 3))
        let clear = RGBAImage(width: 4, height: 4)
        sheet.composite(clear, atX: 7, y: -1, over: .checkerboard(light: light, dark: dark, squareSize: 2))
        #expect(sheet[x: 6, y: 0] == RGBA(1, 2, 3))
        #expect(sheet[x: 7, y: 0] == light, "source (0, 1)")
        #expect(sheet[x: 7, y: 1] == dark, "source (0, 2)")
        #expect(sheet[x: 9, y: 1] == light, "source (2, 2)")
        #expect(sheet[x: 7, y: 3] == RGBA(1, 2, 3))

        var untouched = RGBAImage(width: 4, height: 4)
        for p in [Int.min, -4, 4, Int.max] {
            untouched.composite(clear, atX: p, y: 0, over: board)
            untouched.composite(clear, atX: 0, y: p, over: board)
        }
        #expect(untouched == RGBAImage(width: 4, height: 4))
    }

    @Test("an outline sets only the rectangle's border pixels, clipped at the edges")
    func drawsOutline() {
        let ink = RGBA(0, 255, 0)
        var image = RGBAImage(width: 7, height: 6)
        image.outline(PixelRect(x: 1, y: 1, width: 5, height: 4), with: ink)
        #expect(pixelArt(image, ink: ink) == [
            ".......",
            ".#####.",
            ".#...#.",
            ".#...#.",
            ".#####.",
            ".......",
        ])

        var clipped = RGBAImage(width: 4, height: 4)
        clipped.outline(PixelRect(x: -1, y: 1, width: 4, height: 10), with: ink)
        #expect(pixelArt(clipped, ink: ink) == [
            "....",
            "###.",
            "..#.",
            "..#.",
        ])

        var extreme = RGBAImage(width: 4, height: 4)
        extreme.outline(PixelRect(x: Int.max - 1, y: 0, width: Int.max, height: 3), with: ink)
        extreme.outline(PixelRect(x: Int.min, y: Int.min, width: Int.max, height: Int.max), with: ink)
        extreme.outline(PixelRect(x: 1, y: 1, width: 0, height: 5), with: ink)
        #expect(extreme == RGBAImage(width: 4, height: 4))
    }
}
