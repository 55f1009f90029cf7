import Testing
import GIFCodec
import Raster

@Suite("GIF structure: screen, loop counts, delays and odd but playable files")
struct StructureTests {
    @Test("the loop count comes from the NETSCAPE2.0 block; absent means play once", arguments: [nil, 0, 1, 5, 65535] as [Int?])
    func loopCount(_ loop: Int?) throws {
        let (decoder, _) = try decodeAll(bytes: try encode(width: 1, height: 1, loop: loop, [solid(rect(0, 0, 1, 1), 1)]))
        #expect(decoder.loopCount == loop)
    }

    @Test("the first of several loop counts wins")
    func firstLoopCountWins() throws {
        var g = RawGIF(width: 1, height: 1, globalPalette: [(0, 0, 0), (255, 255, 255)])
        g.loop(3)
        g.loop(7)
        g.image(x: 0, y: 0, width: 1, height: 1, indices: [1], codeSize: 2)
        g.trailer()
        let (decoder, frames) = try decodeAll(bytes: g.bytes)
        #expect(decoder.loopCount == 3)
        #expect(frames.count == 1)
    }

    @Test("the screen descriptor is reported as stored")
    func screen() throws {
        let decoder = try GIFDecoder(path: write(try encode(width: 9, height: 4, palette: Array(basePalette.prefix(5)), [solid(rect(0, 0, 1, 1), 1)])))
        #expect(decoder.screen.width == 9)
        #expect(decoder.screen.height == 4)
        #expect(decoder.screen.globalPaletteSize == 8)
        #expect(decoder.screen.version == "GIF89a")
    }

    @Test("delay policies", arguments: [
        (DelayPolicy.raw, [0, 1, 2, 10], [0, 1, 2, 10]),
        (DelayPolicy.browser, [0, 1, 2, 10], [10, 10, 2, 10]),
        (DelayPolicy.ffmpeg, [0, 1, 2, 10], [10, 10, 2, 10]),
    ])
    func delayPolicies(policy: DelayPolicy, raw: [Int], expected: [Int]) {
        #expect(raw.map(policy.effectiveCentiseconds) == expected)
    }

    @Test("the frame clock sums effective delays into start times")
    func frameClock() {
        var clock = FrameClock(policy: .browser)
        let starts = [4, 0, 3].map { clock.advance(rawDelayCentiseconds: $0) }
        #expect(starts.map(\.start) == [0, 4, 14])
        #expect(starts.map(\.effective) == [4, 10, 3])
        #expect(clock.elapsedCentiseconds == 17)
    }

    @Test("a zero-size image is skipped with a warning instead of failing the file")
    func zeroSizeImage() throws {
        var g = RawGIF(width: 2, height: 1, globalPalette: [(0, 0, 0), (255, 0, 0)])
        g.control(delay: 5)
        g.image(x: 0, y: 0, width: 2, height: 1, indices: [1, 1], codeSize: 2)
        g.control(delay: 9)
        g.image(x: 0, y: 0, width: 0, height: 1, indices: [], codeSize: 2)
        g.control(delay: 6)
        g.image(x: 0, y: 0, width: 1, height: 1, indices: [0], codeSize: 2)
        g.trailer()
        let (decoder, frames) = try decodeAll(bytes: g.bytes)
        #expect(frames.count == 2)
        #expect(frames.map(\.info.delayCentiseconds) == [5, 6])
        #expect(decoder.warnings == [.zeroSizeImage(afterFrame: 0, width: 0, height: 1, delayCentiseconds: 9)])
        #expect(frames[1].image[x: 0, y: 0] == .black)
        #expect(frames[1].image[x: 1, y: 0] == RGBA(255, 0, 0))
    }

    @Test("pixel indices past the palette draw opaque black, with a warning")
    func indicesPastPalette() throws {
        var g = RawGIF(width: 3, height: 1, globalPalette: [(255, 0, 0), (0, 255, 0)])
        g.image(x: 0, y: 0, width: 3, height: 1, indices: [0, 5, 200], codeSize: 8)
        g.trailer()
        let (_, frames) = try decodeAll(bytes: g.bytes)
        #expect((0..<3).map { frames[0].image[x: $0, y: 0] } == [RGBA(255, 0, 0), .black, .black])
        #expect(frames[0].info.warnings == [.indicesPastPalette(frame: 0, paletteSize: 2, pixels: 2)])
    }

    @Test("a frame without any palette draws opaque black, with a warning")
    func missingPalette() throws {
        var g = RawGIF(width: 2, height: 1, globalPalette: nil)
        g.image(x: 0, y: 0, width: 2, height: 1, indices: [0, 1], codeSize: 2)
        g.trailer()
        let (_, frames) = try decodeAll(bytes: g.bytes)
        #expect(frames[0].image[x: 1, y: 0] == .black)
        #expect(frames[0].info.warnings == [.missingPalette(frame: 0)])
    }

    @Test("a file without a trailer plays, with a warning")
    func missingTrailer() throws {
        var g = RawGIF(width: 1, height: 1, globalPalette: [(0, 0, 0), (255, 255, 255)])
        g.image(x: 0, y: 0, width: 1, height: 1, indices: [1], codeSize: 2)
        let (decoder, frames) = try decodeAll(bytes: g.bytes)
        #expect(frames.count == 1)
        #expect(decoder.warnings == [.missingTrailer])
    }

    @Test("bytes after the trailer are ignored, with a warning")
    func trailingBytes() throws {
        var g = RawGIF(width: 1, height: 1, globalPalette: [(0, 0, 0), (255, 255, 255)])
        g.image(x: 0, y: 0, width: 1, height: 1, indices: [1], codeSize: 2)
        g.trailer()
        let (decoder, frames) = try decodeAll(bytes: g.bytes + [1, 2, 3])
        #expect(frames.count == 1)
        #expect(decoder.warnings == [.trailingBytes(3)])
    }

    @Test("garbage after complete frames ends the animation there, with a warning")
    func garbageAfterFrames() throws {
        var g = RawGIF(width: 1, height: 1, globalPalette: [(0, 0, 0), (255, 255, 255)])
        g.image(x: 0, y: 0, width: 1, height: 1, indices: [1], codeSize: 2)
        let offset = g.bytes.count
        let (decoder, frames) = try decodeAll(bytes: g.bytes + [0x99, 0x00])
        #expect(frames.count == 1)
        #expect(decoder.warnings == [.garbageAfterFrames(byte: 0x99, offset: offset, frames: 1)])
    }

    @Test("GIF87a files with GIF89a extensions decode")
    func gif87a() throws {
        var g = RawGIF(width: 1, height: 1, globalPalette: [(0, 0, 0), (255, 255, 255)], version: "GIF87a")
        g.control(delay: 3, transparent: 0)
        g.comment("made by hand")
        g.image(x: 0, y: 0, width: 1, height: 1, indices: [1], codeSize: 2)
        g.trailer()
        let (decoder, frames) = try decodeAll(bytes: g.bytes)
        #expect(decoder.screen.version == "GIF87a")
        #expect(decoder.commentCount == 1)
        #expect(frames[0].info.delayCentiseconds == 3)
        #expect(frames[0].image[x: 0, y: 0] == .white)
    }

    @Test("the hand-written LZW stream decodes for every code size", arguments: [2, 3, 4, 5, 6, 7, 8])
    func rawBuilderCodeSizes(codeSize: Int) throws {
        let count = 1 << codeSize
        let palette: [(UInt8, UInt8, UInt8)] = (0..<count).map { i -> (UInt8, UInt8, UInt8) in (UInt8(i), UInt8(255 - i), UInt8(i / 2)) }
        let indices = (0..<600).map { UInt8(($0 * 7) % count) }
        var g = RawGIF(width: 30, height: 20, globalPalette: palette)
        g.image(x: 0, y: 0, width: 30, height: 20, indices: indices, codeSize: codeSize)
        g.trailer()
        let (_, frames) = try decodeAll(bytes: g.bytes)
        for (i, v) in indices.enumerated() {
            let p = palette[Int(v)]
            #expect(frames[0].image[x: i % 30, y: i / 30] == RGBA(p.0, p.1, p.2))
        }
    }
}
