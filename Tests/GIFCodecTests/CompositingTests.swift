import Testing
import GIFCodec
import Raster

@Suite("Compositing follows Chrome and Firefox")
struct CompositingTests {
    @Test("a full frame round-trips through the encoder and decoder pixel for pixel")
    func roundTrip() throws {
        var indices: [UInt8] = []
        for y in 0..<5 { for x in 0..<7 { indices.append(UInt8((x + y) % 8)) } }
        let bytes = try encode(width: 7, height: 5, [GIFEncodedFrame(rect: rect(0, 0, 7, 5), indices: indices, delayCentiseconds: 3)])
        let (_, frames) = try decodeAll(bytes: bytes)
        #expect(frames.count == 1)
        for y in 0..<5 { for x in 0..<7 { #expect(frames[0].image[x: x, y: y] == basePalette[(x + y) % 8]) } }
    }

    @Test("the canvas starts transparent and a sub-rectangle frame draws only its rectangle")
    func offsets() throws {
        let bytes = try encode(width: 6, height: 4, [solid(rect(2, 1, 3, 2), 2)])
        let (_, frames) = try decodeAll(bytes: bytes)
        let image = frames[0].image
        #expect(image[x: 0, y: 0] == .transparent)
        #expect(image[x: 1, y: 1] == .transparent)
        #expect(image[x: 2, y: 1] == red)
        #expect(image[x: 4, y: 2] == red)
        #expect(image[x: 5, y: 2] == .transparent)
        #expect(image[x: 3, y: 3] == .transparent)
        #expect(frames[0].info.rect == rect(2, 1, 3, 2))
    }

    @Test("disposal 0 and 1 keep the frame under the next one", arguments: [GIFDisposal.unspecified, .keep])
    func keep(_ disposal: GIFDisposal) throws {
        let bytes = try encode(width: 4, height: 1, [solid(rect(0, 0, 4, 1), 2, disposal: disposal), solid(rect(1, 0, 2, 1), 3)])
        let (_, frames) = try decodeAll(bytes: bytes)
        let row = (0..<4).map { frames[1].image[x: $0, y: 0] }
        #expect(row == [red, green, green, red])
    }

    @Test("disposal 2 clears the frame's rectangle to transparent, not to the background colour")
    func disposeBackground() throws {
        let bytes = try encode(width: 4, height: 1, [
            solid(rect(0, 0, 4, 1), 2),
            solid(rect(1, 0, 2, 1), 3, disposal: .background),
            solid(rect(3, 0, 1, 1), 4),
        ])
        let (_, frames) = try decodeAll(bytes: bytes)
        #expect((0..<4).map { frames[1].image[x: $0, y: 0] } == [red, green, green, red])
        #expect((0..<4).map { frames[2].image[x: $0, y: 0] } == [red, .transparent, .transparent, blue])
    }

    @Test("disposal 3 restores the canvas as it was before the frame")
    func disposePrevious() throws {
        let bytes = try encode(width: 4, height: 1, [
            solid(rect(0, 0, 4, 1), 2),
            solid(rect(0, 0, 3, 1), 3, disposal: .previous),
            solid(rect(3, 0, 1, 1), 4),
        ])
        let (_, frames) = try decodeAll(bytes: bytes)
        #expect((0..<4).map { frames[1].image[x: $0, y: 0] } == [green, green, green, red])
        #expect((0..<4).map { frames[2].image[x: $0, y: 0] } == [red, red, red, blue])
    }

    @Test("disposal 3 on the first frame restores the transparent start canvas")
    func disposePreviousFirst() throws {
        let bytes = try encode(width: 2, height: 1, [solid(rect(0, 0, 2, 1), 2, disposal: .previous), solid(rect(1, 0, 1, 1), 3)])
        let (_, frames) = try decodeAll(bytes: bytes)
        #expect(frames[1].image[x: 0, y: 0] == .transparent)
        #expect(frames[1].image[x: 1, y: 0] == green)
    }

    @Test("disposal 2 followed by disposal 3 restores the cleared canvas")
    func backgroundThenPrevious() throws {
        let bytes = try encode(width: 3, height: 1, [
            solid(rect(0, 0, 3, 1), 2),
            solid(rect(0, 0, 1, 1), 3, disposal: .background),
            solid(rect(0, 0, 2, 1), 4, disposal: .previous),
            solid(rect(2, 0, 1, 1), 5),
        ])
        let (_, frames) = try decodeAll(bytes: bytes)
        #expect((0..<3).map { frames[3].image[x: $0, y: 0] } == [.transparent, red, RGBA(255, 255, 0)])
    }

    @Test("the transparent index leaves the canvas pixel unchanged")
    func transparency() throws {
        let second = GIFEncodedFrame(rect: rect(0, 0, 4, 1), indices: [3, 7, 7, 4], delayCentiseconds: 4, transparentIndex: 7)
        let bytes = try encode(width: 4, height: 1, [solid(rect(0, 0, 4, 1), 2), second])
        let (_, frames) = try decodeAll(bytes: bytes)
        #expect((0..<4).map { frames[1].image[x: $0, y: 0] } == [green, red, red, blue])
        #expect(frames[1].info.transparentIndex == 7)
    }

    @Test("a transparent first frame shows through to the transparent canvas")
    func transparentFirstFrame() throws {
        let frame = GIFEncodedFrame(rect: rect(0, 0, 2, 1), indices: [0, 2], delayCentiseconds: 4, transparentIndex: 0)
        let (_, frames) = try decodeAll(bytes: try encode(width: 2, height: 1, [frame]))
        #expect(frames[0].image[x: 0, y: 0] == .transparent)
        #expect(frames[0].image[x: 1, y: 0] == red)
    }

    @Test("interlaced rows land where they belong", arguments: [1, 2, 3, 4, 5, 8, 9, 17])
    func interlace(height: Int) throws {
        let indices = (0..<height).flatMap { y in [UInt8(y % 8), UInt8((y + 1) % 8)] }
        let frame = GIFEncodedFrame(rect: rect(0, 0, 2, height), indices: indices, delayCentiseconds: 0, interlaced: true)
        let (_, frames) = try decodeAll(bytes: try encode(width: 2, height: height, [frame]))
        #expect(frames[0].info.interlaced)
        for y in 0..<height {
            #expect(frames[0].image[x: 0, y: y] == basePalette[y % 8])
            #expect(frames[0].image[x: 1, y: y] == basePalette[(y + 1) % 8])
        }
    }

    @Test("a local palette overrides the global one for its frame only")
    func localPalette() throws {
        var local = solid(rect(0, 0, 1, 1), 1)
        local.localPalette = [RGBA(10, 20, 30), RGBA(40, 50, 60)]
        let bytes = try encode(width: 2, height: 1, [local, solid(rect(1, 0, 1, 1), 1)])
        let (_, frames) = try decodeAll(bytes: bytes)
        #expect(frames[0].info.localPaletteSize == 2)
        #expect(frames[1].info.localPaletteSize == 0)
        #expect(frames[1].image[x: 0, y: 0] == RGBA(40, 50, 60))
        #expect(frames[1].image[x: 1, y: 0] == .white)
    }

    @Test("a frame partly outside the screen is clipped, with a warning")
    func clipping() throws {
        let frame = GIFEncodedFrame(rect: rect(2, 1, 3, 2), indices: [2, 3, 4, 4, 3, 2], delayCentiseconds: 4)
        let (_, frames) = try decodeAll(bytes: try encode(width: 4, height: 2, [frame]))
        let image = frames[0].image
        #expect(image[x: 2, y: 1] == red)
        #expect(image[x: 3, y: 1] == green)
        #expect(image[x: 2, y: 0] == .transparent)
        #expect(frames[0].info.warnings.contains(.clipped(frame: 0, rect: rect(2, 1, 3, 2), screenWidth: 4, screenHeight: 2)))
    }

    @Test("a frame entirely outside the screen draws nothing")
    func outside() throws {
        let (_, frames) = try decodeAll(bytes: try encode(width: 2, height: 2, [solid(rect(5, 5, 2, 2), 2)]))
        #expect(frames[0].image == RGBAImage(width: 2, height: 2))
    }

    @Test("a frame keeps its own delay, disposal and control flags")
    func frameInfo() throws {
        let bytes = try encode(width: 2, height: 2, [solid(rect(0, 0, 2, 2), 1, delay: 0), solid(rect(0, 0, 1, 1), 2, delay: 7, disposal: .background)])
        let (_, frames) = try decodeAll(bytes: bytes)
        #expect(frames.map(\.info.delayCentiseconds) == [0, 7])
        #expect(frames.map(\.info.disposal) == [.unspecified, .background])
        #expect(frames.map(\.info.hasGraphicControl) == [true, true])
        #expect(frames.map(\.info.index) == [0, 1])
    }

    @Test("a returned frame is a value: decoding on does not change it")
    func framesAreValues() throws {
        let bytes = try encode(width: 1, height: 1, [solid(rect(0, 0, 1, 1), 2), solid(rect(0, 0, 1, 1), 3)])
        let (_, frames) = try decodeAll(bytes: bytes)
        #expect(frames[0].image[x: 0, y: 0] == red)
        #expect(frames[1].image[x: 0, y: 0] == green)
    }
}
