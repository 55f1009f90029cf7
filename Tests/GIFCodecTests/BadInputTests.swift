import Testing
import GIFCodec
import Raster

@Suite("Bad input: one clear line and the right exit code, never a crash")
struct BadInputTests {
    static func validGIF() throws -> [UInt8] {
        try encode(width: 4, height: 4, [solid(rect(0, 0, 4, 4), 1), solid(rect(0, 0, 4, 4), 2)])
    }

    func failure(_ bytes: [UInt8], options: GIFDecodeOptions = GIFDecodeOptions()) -> GIFError? {
        do {
            _ = try decodeAll(bytes: bytes, options: options)
            return nil
        } catch let error as GIFError {
            return error
        } catch {
            return nil
        }
    }

    @Test("a missing file exits 66 with the system's reason")
    func missingFile() {
        #expect(throws: GIFError(file: "/nonexistent/x.gif", reason: .cannotOpen("No such file or directory"))) {
            _ = try GIFDecoder(path: "/nonexistent/x.gif")
        }
        #expect(GIFError(file: "x", reason: .cannotOpen("")).exitCode == 66)
    }

    @Test("a directory is not a GIF file")
    func directory() {
        let error = #expect(throws: GIFError.self) { _ = try GIFDecoder(path: "/tmp") }
        #expect(error?.exitCode == 66)
    }

    @Test("an empty file is not a GIF")
    func emptyFile() {
        let e = failure([])
        #expect(e?.reason == .emptyFile)
        #expect(e?.exitCode == 65)
    }

    @Test("other formats are named", arguments: [
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG image"),
        ([0, 0, 0, 0x14] + Array("ftypqt  ".utf8), "a QuickTime movie"),
        ([0xFF, 0xD8, 0xFF, 0xE0], "a JPEG image"),
    ] as [([UInt8], String)])
    func notAGIF(bytes: [UInt8], name: String) {
        let e = failure(bytes)
        #expect(e?.reason == .notAGIF(detected: name))
        #expect(e?.message == "not a GIF (looks like \(name))")
    }

    @Test("a truncated header or screen descriptor names the part", arguments: [3, 6, 10, 20])
    func truncatedHeader(length: Int) throws {
        let bytes = Array(try Self.validGIF().prefix(length))
        let e = failure(bytes)
        let expected = length < 6 ? "header" : length < 13 ? "logical screen descriptor" : "global colour table"
        #expect(e?.reason == .truncatedHeader(part: expected))
        #expect(e?.exitCode == 65)
    }

    @Test("truncated image data says how many frames decoded")
    func truncatedData() throws {
        let full = try Self.validGIF()
        let bytes = Array(full.prefix(full.count - 6))
        let e = failure(bytes)
        #expect(e?.description.hasPrefix("/") == true)
        #expect(e?.message == "truncated image data in frame 1 (1 frame decoded)")
    }

    @Test("--lenient keeps the frames decoded so far and says so")
    func lenient() throws {
        let full = try Self.validGIF()
        let (decoder, frames) = try decodeAll(bytes: Array(full.prefix(full.count - 6)), options: GIFDecodeOptions(lenient: true))
        #expect(frames.count >= 1)
        #expect(decoder.warnings.contains { if case .stoppedEarly = $0 { true } else { false } })
    }

    @Test("every truncation of a valid file fails cleanly or decodes", arguments: 0..<120)
    func everyTruncation(length: Int) throws {
        let full = try Self.validGIF()
        guard length < full.count else { return }
        let bytes = Array(full.prefix(length))
        if let e = failure(bytes) { #expect(e.exitCode == 65) }
        _ = try? decodeAll(bytes: bytes, options: GIFDecodeOptions(lenient: true))
    }

    @Test("a zero-size screen is refused")
    func zeroScreen() {
        var g = RawGIF(width: 0, height: 5, globalPalette: [(0, 0, 0), (1, 1, 1)])
        g.trailer()
        #expect(failure(g.bytes)?.reason == .zeroSizeScreen(width: 0, height: 5))
    }

    @Test("an absurd canvas is refused before allocating")
    func tooLarge() {
        var g = RawGIF(width: 65535, height: 65535, globalPalette: [(0, 0, 0), (1, 1, 1)])
        g.trailer()
        let e = failure(g.bytes)
        #expect(e?.reason == .canvasTooLarge(width: 65535, height: 65535, limit: 64_000_000))
        #expect(e?.message.contains("--max-pixels") == true)
        var small = RawGIF(width: 100, height: 100, globalPalette: [(0, 0, 0), (1, 1, 1)])
        small.trailer()
        #expect(failure(small.bytes, options: GIFDecodeOptions(maxPixels: 9_999))?.reason == .canvasTooLarge(width: 100, height: 100, limit: 9_999))
    }

    @Test("corrupt LZW data is reported as such")
    func corruptLZW() {
        var g = RawGIF(width: 4, height: 1, globalPalette: [(0, 0, 0), (255, 255, 255)])
        // Code size 2, clear (4), then code 7: a code not yet in the table.
        g.bytes += [0x2C, 0, 0, 0, 0, 4, 0, 1, 0, 0, 2, 2, 0b0011_1100, 0b0000_0000, 0, 0x3B]
        let e = failure(g.bytes)
        #expect(e != nil)
        #expect(e?.exitCode == 65)
    }

    @Test("an LZW code size above 8 is named, not reported as truncation")
    func codeSizeAboveEight() {
        var g = RawGIF(width: 2, height: 1, globalPalette: [(0, 0, 0), (255, 255, 255)])
        g.image(x: 0, y: 0, width: 2, height: 1, indices: [0, 1], codeSize: 11)
        g.trailer()
        let e = failure(g.bytes)
        #expect(e?.reason == .unsupportedCodeSize(11, frame: 0, decoded: 0))
        #expect(e?.exitCode == 65)
    }

    @Test("the encoder refuses to overwrite an existing file")
    func noOverwrite() throws {
        let path = write([1, 2, 3])
        #expect(throws: GIFError(file: path, reason: .outputExists)) {
            _ = try GIFEncoder(path: path, width: 1, height: 1, globalPalette: [.black, .white])
        }
        let e = try GIFEncoder(path: path, width: 1, height: 1, globalPalette: [.black, .white], overwrite: true)
        try e.add(solid(rect(0, 0, 1, 1), 1))
        try e.finish()
        let (_, frames) = try decodeAll(path)
        #expect(frames[0].image[x: 0, y: 0] == .white)
    }

    @Test("the encoder rejects indices past the palette")
    func encoderValidates() throws {
        let e = try GIFEncoder(width: 2, height: 1, globalPalette: [.black, .white])
        #expect(throws: GIFError.self) { try e.add(GIFEncodedFrame(rect: rect(0, 0, 2, 1), indices: [0, 2], delayCentiseconds: 0)) }
        #expect(throws: GIFError.self) { try e.add(GIFEncodedFrame(rect: rect(0, 0, 2, 1), indices: [0], delayCentiseconds: 0)) }
    }
}
