import Testing
import Raster

@Suite("Bitmap font")
struct BitmapFontTests {
    let font = BitmapFont.standard
    let ink = RGBA(255, 255, 0)

    @Test("text width is six pixels per character less the trailing gap, times the scale")
    func measuresText() {
        #expect(font.measure("#12  480 ms") == (65, 9))
        #expect(font.measure("0") == (5, 9))
        #expect(font.measure("0", scale: 3) == (15, 27))
        #expect(font.measure("") == (0, 9))
        #expect(font.measure("ab\nc") == (11, 18))
        #expect(font.measure("2×3") == (17, 9), "× is a single character cell")
        #expect(font.measureLabel("ms", padding: 2) == (15, 13))
    }

    @Test("a digit is drawn as its 5×7 bit pattern in the ink colour")
    func drawsDigitPixels() {
        var image = RGBAImage(width: 6, height: 9)
        font.draw("2", into: &image, x: 0, y: 0, color: ink)
        #expect(pixelArt(image, ink: ink) == [
            ".###..",
            "#...#.",
            "....#.",
            "...#..",
            "..#...",
            ".#....",
            "#####.",
            "......",
            "......",
        ])
        #expect(image[x: 0, y: 0] == .transparent, "pixels off the glyph are left alone")
    }

    @Test("scale magnifies each glyph pixel into a square block")
    func scalesGlyphs() {
        var image = RGBAImage(width: 12, height: 18)
        font.draw("-", into: &image, x: 0, y: 0, color: ink, scale: 2)
        let art = pixelArt(image, ink: ink)
        #expect(art[5] == "............")
        #expect(art[6] == "##########..")
        #expect(art[7] == "##########..")
        #expect(art[8] == "............")
    }

    @Test("lower case has its own glyphs, with descenders below the baseline")
    func drawsLowerCase() {
        var image = RGBAImage(width: 6, height: 9)
        font.draw("p", into: &image, x: 0, y: 0, color: ink)
        #expect(pixelArt(image, ink: ink) == [
            "......",
            "......",
            "####..",
            "#...#.",
            "#...#.",
            "####..",
            "#.....",
            "#.....",
            "......",
        ])
    }

    @Test("a character without a glyph draws as a small hollow box")
    func drawsUnknownAsBox() {
        var image = RGBAImage(width: 6, height: 9)
        font.draw("☃", into: &image, x: 0, y: 0, color: ink)
        #expect(pixelArt(image, ink: ink) == [
            "......",
            "#####.",
            "#...#.",
            "#...#.",
            "#...#.",
            "#####.",
            "......",
            "......",
            "......",
        ])
    }

    @Test("text running off any edge is clipped to the image")
    func clipsAtEdges() {
        var image = RGBAImage(width: 4, height: 4)
        font.draw("2", into: &image, x: -2, y: -3, color: ink)
        // Rows 3–6 and columns 2–5 of the "2" glyph.
        #expect(pixelArt(image, ink: ink) == [
            ".#..",
            "#...",
            "....",
            "###.",
        ])

        var right = RGBAImage(width: 4, height: 4)
        font.draw("2", into: &right, x: 3, y: 2, color: ink)
        // Column 0 of the glyph's rows 0–1: off, then on.
        #expect(pixelArt(right, ink: ink) == [
            "....",
            "....",
            "....",
            "...#",
        ])
    }

    @Test("drawing at extreme positions draws nothing and does not trap")
    func survivesExtremePositions() {
        var image = RGBAImage(width: 8, height: 8)
        let positions = [Int.min, Int.min + 1, -1_000_000, 8, 1_000_000, Int.max - 1, Int.max]
        for x in positions {
            for y in positions {
                font.draw("#12  480 ms", into: &image, x: x, y: y, color: ink, scale: 64)
                font.drawLabel("x", into: &image, x: x, y: y, color: ink, background: .white, padding: 3)
            }
        }
        #expect(image == RGBAImage(width: 8, height: 8))
    }

    @Test("a label fills its padded box with the background and insets the text")
    func drawsLabelOnBackground() {
        let background = RGBA(0, 0, 128)
        var image = RGBAImage(width: 12, height: 14)
        let box = font.drawLabel("1", into: &image, x: 1, y: 1, color: ink, background: background, padding: 2)
        #expect(box == PixelRect(x: 1, y: 1, width: 9, height: 13))
        #expect(image[x: 0, y: 0] == .transparent)
        #expect(image[x: 1, y: 1] == background)
        #expect(image[x: 9, y: 13] == background)
        #expect(image[x: 10, y: 13] == .transparent)
        // The top of the "1" stem is glyph column 2, row 0: (1 + 2 + 2, 1 + 2).
        #expect(image[x: 5, y: 3] == ink)
        #expect(image[x: 4, y: 3] == background)
        #expect(image[x: 4, y: 4] == ink, "the flag of the 1, one row down")
    }
}
