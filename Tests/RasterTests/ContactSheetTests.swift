import Testing
import Raster

@Suite("Contact sheet")
struct ContactSheetTests {
    let red = RGBA(255, 0, 0)
    let blue = RGBA(0, 0, 255)
    let options = ContactSheetOptions()

    /// What the label band under a thumbnail should look like: `text` drawn on the background.
    func expectedLabelBand(_ text: String, width: Int) -> RGBAImage {
        var band = RGBAImage(width: width, height: 9, fill: options.background)
        BitmapFont.standard.draw(text, into: &band, x: 0, y: 0, color: options.labelColor)
        return band
    }

    func labelBand(of sheet: ContactSheet, frame index: Int) -> RGBAImage {
        let cell = sheet.cellRect(forFrame: index)!
        return sheet.image.cropped(to: PixelRect(x: cell.x, y: cell.y + sheet.thumbnailHeight + 3,
                                                 width: cell.width, height: 9))
    }

    @Test("cells form an about-square grid with padding, sized for the widest label")
    func laysOutGrid() throws {
        let sheet = try ContactSheet(frameWidth: 20, frameHeight: 10, expectedFrames: 5)
        #expect(sheet.columns == 3)
        #expect(sheet.rows == 2)
        #expect(sheet.thumbnailWidth == 20 && sheet.thumbnailHeight == 10)
        // "#4  00000 ms" is 12 cells: 12·6 − 1 = 71 pixels; 10 + 3 + 9 = 22 high.
        #expect(sheet.cellWidth == 71 && sheet.cellHeight == 22)
        #expect(sheet.image.width == 8 + 3 * (71 + 8))
        #expect(sheet.image.height == 8 + 2 * (22 + 8))
        #expect(sheet.cellRect(forFrame: 0) == PixelRect(x: 8, y: 8, width: 71, height: 22))
        #expect(sheet.cellRect(forFrame: 2) == PixelRect(x: 166, y: 8, width: 71, height: 22))
        #expect(sheet.cellRect(forFrame: 4) == PixelRect(x: 87, y: 38, width: 71, height: 22))
        #expect(sheet.cellRect(forFrame: 5) == nil)
    }

    @Test("each frame lands in its cell, outlined, with its index and start time under it")
    func drawsFrameAndLabel() throws {
        var sheet = try ContactSheet(frameWidth: 20, frameHeight: 10, expectedFrames: 5)
        let drawn = try sheet.add(frame: RGBAImage(width: 20, height: 10, fill: red), index: 4,
                                  startMilliseconds: 480)
        #expect(drawn)
        #expect(sheet.image[x: 87, y: 38] == red)
        #expect(sheet.image[x: 106, y: 47] == red)
        #expect(sheet.image[x: 107, y: 47] == options.outlineColor, "outline right of the thumbnail")
        #expect(sheet.image[x: 86, y: 37] == options.outlineColor, "outline above-left of the thumbnail")
        #expect(sheet.image[x: 8, y: 8] == options.background, "cells of frames not added stay empty")
        #expect(labelBand(of: sheet, frame: 4) == expectedLabelBand("#4  480 ms", width: 71))
        #expect(allPixels(labelBand(of: sheet, frame: 4)).contains(options.labelColor))
    }

    @Test("a label too long for the cell falls back to a compact form")
    func shortensLongLabels() throws {
        var sheet = try ContactSheet(frameWidth: 20, frameHeight: 10, expectedFrames: 5)
        try sheet.add(frame: RGBAImage(width: 20, height: 10), index: 4, startMilliseconds: 1_234_567)
        #expect(labelBand(of: sheet, frame: 4) == expectedLabelBand("#4 1234567ms", width: 71))
    }

    @Test("label text is the index and the start time rounded to a tenth of a millisecond")
    func formatsLabels() {
        #expect(ContactSheet.label(index: 12, startMilliseconds: 480) == "#12  480 ms")
        #expect(ContactSheet.label(index: 3, startMilliseconds: 16.66) == "#3  16.7 ms")
        #expect(ContactSheet.label(index: 0, startMilliseconds: 0) == "#0  0 ms")
        #expect(ContactSheet.label(index: 1, startMilliseconds: .nan) == "#1  ? ms")
        #expect(ContactSheet.label(index: 1, startMilliseconds: -.infinity) == "#1  ? ms")
    }

    @Test("with every Nth frame, only multiples of N are shown, in consecutive cells")
    func showsEveryNthFrame() throws {
        var sheet = try ContactSheet(frameWidth: 20, frameHeight: 10, expectedFrames: 10,
                                     options: ContactSheetOptions(everyNthFrame: 3))
        #expect(sheet.shownFrames == 4)
        #expect(sheet.columns == 2 && sheet.rows == 2)
        #expect(sheet.showsFrame(index: 3))
        #expect(!sheet.showsFrame(index: 4))
        #expect(sheet.cellRect(forFrame: 9) == sheet.cellRect(forFrame: 9).map { _ in
            PixelRect(x: 8 + 71 + 8, y: 8 + 22 + 8, width: 71, height: 22)
        })
        let before = sheet.image
        let skipped = try sheet.add(frame: RGBAImage(width: 20, height: 10, fill: red), index: 4,
                                    startMilliseconds: 40)
        #expect(!skipped)
        #expect(sheet.image == before)
        try sheet.add(frame: RGBAImage(width: 20, height: 10, fill: blue), index: 9, startMilliseconds: 90)
        #expect(sheet.image[x: 87, y: 38] == blue)
        #expect(labelBand(of: sheet, frame: 9) == expectedLabelBand("#9  90 ms", width: 71))
    }

    @Test("large frames are shrunk to 240 pixels on their longer side")
    func shrinksLargeFrames() throws {
        var sheet = try ContactSheet(frameWidth: 480, frameHeight: 240, expectedFrames: 1)
        #expect(sheet.thumbnailWidth == 240 && sheet.thumbnailHeight == 120)
        var frame = RGBAImage(width: 480, height: 240, fill: blue)
        frame.fill(PixelRect(x: 0, y: 0, width: 240, height: 240), with: red)
        try sheet.add(frame: frame, index: 0, startMilliseconds: 0)
        #expect(sheet.image[x: 8, y: 8] == red)
        #expect(sheet.image[x: 8 + 119, y: 8 + 119] == red)
        #expect(sheet.image[x: 8 + 120, y: 8] == blue)
        #expect(sheet.image[x: 8 + 239, y: 8 + 119] == blue)
    }

    @Test("transparent pixels show a checkerboard, or the background when it is off")
    func showsTransparency() throws {
        var checked = try ContactSheet(frameWidth: 16, frameHeight: 16, expectedFrames: 1)
        try checked.add(frame: RGBAImage(width: 16, height: 16), index: 0, startMilliseconds: 0)
        #expect(checked.image[x: 8, y: 8] == RGBA(255, 255, 255))
        #expect(checked.image[x: 16, y: 8] == RGBA(204, 204, 204))

        var plain = try ContactSheet(frameWidth: 16, frameHeight: 16, expectedFrames: 1,
                                     options: ContactSheetOptions(checkerboard: false))
        try plain.add(frame: RGBAImage(width: 16, height: 16), index: 0, startMilliseconds: 0)
        #expect(plain.image[x: 8, y: 8] == options.background)
        #expect(plain.image[x: 16, y: 8] == options.background)
    }

    @Test("a frame of another size is fitted into the thumbnail area and centred")
    func centresOddSizedFrames() throws {
        var sheet = try ContactSheet(frameWidth: 20, frameHeight: 10, expectedFrames: 1)
        try sheet.add(frame: RGBAImage(width: 10, height: 10, fill: red), index: 0, startMilliseconds: 0)
        #expect(sheet.image[x: 8 + 4, y: 8] == options.outlineColor)
        #expect(sheet.image[x: 8 + 5, y: 8] == red)
        #expect(sheet.image[x: 8 + 14, y: 8] == red)
        #expect(sheet.image[x: 8 + 15, y: 8] == options.outlineColor)
    }

    @Test("a sheet over the pixel limit is refused with a one-line explanation")
    func refusesHugeSheets() {
        #expect(throws: ContactSheetError.tooLarge(width: 2488, height: 260_008, pixelLimit: 64_000_000)) {
            try ContactSheet(frameWidth: 240, frameHeight: 240, expectedFrames: 10_000)
        }
        let message = ContactSheetError.tooLarge(width: 2488, height: 260_008, pixelLimit: 64_000_000).description
        #expect(message == "contact sheet would be 2488×260008 px (646.9 megapixels), over the 64-megapixel "
            + "limit; show every Nth frame or use smaller thumbnails")
        #expect(!message.contains("\n"))
        #expect(throws: ContactSheetError.self) {
            try ContactSheet(frameWidth: 1, frameHeight: 1, expectedFrames: Int.max)
        }
        #expect(throws: ContactSheetError.self) {
            try ContactSheet(frameWidth: 1, frameHeight: 1, expectedFrames: 1,
                             options: ContactSheetOptions(padding: Int.max))
        }
        #expect(throws: ContactSheetError.self) {
            try ContactSheet(frameWidth: 1, frameHeight: 1, expectedFrames: 4, options: ContactSheetOptions(pixelLimit: 100))
        }
    }

    @Test("bad inputs are typed errors, not traps")
    func rejectsBadInput() throws {
        #expect(throws: ContactSheetError.noFrames) {
            try ContactSheet(frameWidth: 20, frameHeight: 10, expectedFrames: 0)
        }
        #expect(throws: ContactSheetError.emptyFrameSize(width: 0, height: 10)) {
            try ContactSheet(frameWidth: 0, frameHeight: 10, expectedFrames: 3)
        }
        #expect(throws: ContactSheetError.invalidOption(name: "columns", value: 0, requirement: "at least 1")) {
            try ContactSheet(frameWidth: 20, frameHeight: 10, expectedFrames: 3, options: ContactSheetOptions(columns: 0))
        }
        #expect(ContactSheetError.invalidOption(name: "columns", value: 0, requirement: "at least 1").description
            == "contact sheet: columns must be at least 1 (got 0)")
        var sheet = try ContactSheet(frameWidth: 20, frameHeight: 10, expectedFrames: 5)
        for index in [-1, 5, Int.max, Int.min] {
            #expect(throws: ContactSheetError.frameIndexOutOfRange(index: index, expectedFrames: 5)) {
                try sheet.add(frame: RGBAImage(width: 20, height: 10), index: index, startMilliseconds: 0)
            }
        }
        let empty = try sheet.add(frame: RGBAImage(width: 0, height: 0), index: 1, startMilliseconds: 10)
        #expect(empty, "an empty frame still gets its label")
    }

    @Test("explicit columns are honoured but never exceed the number of shown frames")
    func honoursColumns() throws {
        let wide = try ContactSheet(frameWidth: 20, frameHeight: 10, expectedFrames: 7,
                                    options: ContactSheetOptions(columns: 7))
        #expect(wide.columns == 7 && wide.rows == 1)
        let capped = try ContactSheet(frameWidth: 20, frameHeight: 10, expectedFrames: 3,
                                      options: ContactSheetOptions(columns: 12))
        #expect(capped.columns == 3)
        let automatic = try ContactSheet(frameWidth: 4, frameHeight: 4, expectedFrames: 400)
        #expect(automatic.columns == 10 && automatic.rows == 40)
    }
}
