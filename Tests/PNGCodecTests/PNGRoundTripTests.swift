import Foundation
import Testing
import PNGCodec
import Raster

/// A picture exercising every channel, including alpha 0 with colour behind it and
/// partial alpha, so a lossy or premultiplying path would show.
func samplePicture() -> RGBAImage {
    var image = RGBAImage(width: 7, height: 5)
    for y in 0..<5 {
        for x in 0..<7 {
            image[x: x, y: y] = RGBA(UInt8(x * 36), UInt8(y * 60), UInt8((x * y * 13) % 256), UInt8((x * 40 + y * 7) % 256))
        }
    }
    image[x: 0, y: 0] = RGBA(200, 100, 50, 0)
    image[x: 6, y: 4] = RGBA(255, 255, 255, 255)
    return image
}

@Suite("PNG encoding and decoding")
struct PNGRoundTripTests {
    @Test("encoded bytes decode to the same pixels, alpha included")
    func roundTripsBytes() throws {
        let image = samplePicture()
        let bytes = try image.pngBytes()
        #expect(Array(bytes.prefix(8)) == [137, 80, 78, 71, 13, 10, 26, 10])
        #expect(try RGBAImage(pngBytes: bytes) == image)
    }

    @Test("a file written and read back has the same pixels and the same bytes as pngBytes")
    func roundTripsFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("frame-0001.png")
        let image = samplePicture()
        try image.writePNG(toFile: path)
        #expect(try RGBAImage(pngFile: path) == image)
        let onDisk = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(onDisk == (try image.pngBytes()))
    }

    @Test("the same image always encodes to the same bytes")
    func encodesDeterministically() throws {
        let image = RGBAImage(width: 300, height: 200, fill: RGBA(10, 200, 30, 128))
        let first = try image.pngBytes()
        #expect(try image.pngBytes() == first)
        #expect(try samplePicture().pngBytes() == (try samplePicture().pngBytes()))
    }

    @Test("large images survive the round trip, whether they compress well or not")
    func roundTripsLargeImages() throws {
        var noise = RGBAImage(width: 257, height: 129)
        var state: UInt32 = 0x1234_5678
        for i in 0..<noise.pixels.count {
            state = state &* 1_664_525 &+ 1_013_904_223
            noise.pixels[i] = UInt8(truncatingIfNeeded: state >> 24)
        }
        #expect(try RGBAImage(pngBytes: noise.pngBytes()) == noise)
        let flat = RGBAImage(width: 1000, height: 1000, fill: .white)
        #expect(try RGBAImage(pngBytes: flat.pngBytes()) == flat)
    }

    @Test("an empty image cannot be encoded and says why")
    func refusesEmptyImage() {
        #expect(throws: PNGError.unsupportedSize(path: nil, width: 0, height: 3)) {
            try RGBAImage(width: 0, height: 3).pngBytes()
        }
        #expect(PNGError.unsupportedSize(path: "out/a.png", width: 0, height: 3).description
            == "out/a.png: cannot store a 0×3 px image as PNG (each side must be 1 to 1000000 px)")
    }

    @Test("bytes that are not a PNG give a typed error naming libpng's reason")
    func rejectsGarbage() {
        #expect {
            try RGBAImage(pngBytes: Array("definitely not a png".utf8))
        } throws: { error in
            guard case PNGError.invalidPNG(path: nil, let reason) = error else { return false }
            return !reason.isEmpty && (error as? PNGError)?.description.hasPrefix("PNG data: not a valid PNG (") == true
        }
        #expect(throws: PNGError.invalidPNG(path: nil, reason: "no data")) { try RGBAImage(pngBytes: []) }
        let truncated = try? Array(samplePicture().pngBytes().dropLast(30))
        #expect(throws: PNGError.self) { try RGBAImage(pngBytes: truncated ?? []) }
    }

    @Test("a header claiming an enormous image is refused before any pixels are allocated")
    func refusesEnormousHeader() {
        // A valid signature and IHDR for 100000 × 100000 RGBA, then a token IDAT and IEND.
        let header = be(100_000) + be(100_000) + [8, 6, 0, 0, 0]
        let png: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
            + chunk("IHDR", header) + chunk("IDAT", [1, 2, 3]) + chunk("IEND", [])
        #expect(throws: PNGError.tooLargeToRead(path: nil, width: 100_000, height: 100_000)) {
            try RGBAImage(pngBytes: png)
        }
    }
}

/// A PNG chunk: big-endian length, type, data, and the CRC-32 of type and data.
private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeBytes = Array(type.utf8)
    return be(UInt32(data.count)) + typeBytes + data + be(crc32(typeBytes + data))
}

private func be(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
}

/// CRC-32 as PNG defines it (ISO 3309, reflected polynomial 0xEDB88320).
private func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}
