import Foundation
import MovieCodec
import Raster
import Testing

/// The encoder checked without a decoder (reading movies back is the decoding side's): return
/// codes, the container chosen by the extension, the boxes that carry the clock and the codec
/// tag, odd sizes, a full disk and existing files.
@Suite("MovieEncoder")
struct MovieEncoderTests {
    static func directory() -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strokescope-movie-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A picture with a bar at column `frame` (so every frame differs).
    static func picture(_ frame: Int, width: Int = 32, height: Int = 24) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: .white)
        image.fill(PixelRect(x: frame % width, y: 0, width: 2, height: height), with: RGBA(0, 122, 255))
        return image
    }

    /// Writes `count` frames 1500 ticks apart (60 Hz on the 90 kHz clock).
    @discardableResult
    static func write(_ path: String, codec: MovieEncoderOptions.Codec = .h264, count: Int = 5,
                      width: Int = 32, height: Int = 24) throws -> MovieEncoder {
        let container = try #require(MovieEncoderOptions.Container(path: path))
        let encoder = try MovieEncoder(path: path, width: width, height: height,
                                       options: MovieEncoderOptions(container: container, codec: codec, frameRate: 60))
        for i in 0..<count { try encoder.add(picture(i, width: width, height: height), pts: Int64(i) * 1500, duration: 1500) }
        try encoder.finish()
        return encoder
    }

    static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    static func uint32(_ b: [UInt8], _ at: Int) -> Int { b[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }

    /// The offset just past the first box type `name` (a plain byte search: the test movies are tiny).
    static func box(_ name: String, in b: [UInt8]) -> Int? {
        let tag = Array(name.utf8)
        guard b.count > 4 else { return nil }
        for i in 0..<(b.count - 4) where Array(b[i..<i + 4]) == tag { return i + 4 }
        return nil
    }

    @Test("the container follows the extension, in any case", arguments: [
        ("a.mp4", MovieEncoderOptions.Container.mp4), ("dir.x/B.MP4", .mp4), ("c.m4v", .mp4), ("d.mov", .mov), ("e.MOV", .mov),
    ])
    func containerByExtension(_ path: String, _ expected: MovieEncoderOptions.Container) {
        #expect(MovieEncoderOptions.Container(path: path) == expected)
    }

    @Test("a path that is not a movie's names no container", arguments: ["a.gif", "mp4", ".mp4", "dir.mp4/file", "a.mp4.png"])
    func notAMovie(_ path: String) {
        #expect(MovieEncoderOptions.Container(path: path) == nil)
    }

    @Test("an MP4 starts with an isom ftyp, a MOV with a qt ftyp", arguments: [("m.mp4", "isom"), ("m.mov", "qt  ")])
    func fileType(_ name: String, _ brand: String) throws {
        let path = Self.directory() + "/" + name
        try Self.write(path)
        let b = try Self.bytes(path)
        #expect(String(decoding: b[4..<8], as: UTF8.self) == "ftyp")
        #expect(String(decoding: b[8..<12], as: UTF8.self) == brand)
        #expect(Self.box("avc1", in: b) != nil)
    }

    @Test("timestamps are written as given: a 90 kHz track whose frames last their exact ticks")
    func exactTicks() throws {
        let path = Self.directory() + "/vfr.mp4"
        let container = MovieEncoderOptions.Container.mp4
        let encoder = try MovieEncoder(path: path, width: 16, height: 16, options: MovieEncoderOptions(container: container))
        // 60 Hz with a held frame left out (3000 ticks) and a late one (1860 + 1140).
        let times: [(Int64, Int64)] = [(0, 1500), (1500, 3000), (4500, 1860), (6360, 1140), (7500, 1500)]
        for (i, t) in times.enumerated() { try encoder.add(Self.picture(i, width: 16, height: 16), pts: t.0, duration: t.1) }
        try encoder.finish()
        let b = try Self.bytes(path)
        // mdhd (version 0): flags, creation, modification, then the track's timescale.
        let mdhd = try #require(Self.box("mdhd", in: b))
        #expect(Self.uint32(b, mdhd + 12) == 90_000)
        // stts: flags, entry count, then (sample count, sample delta) runs.
        let stts = try #require(Self.box("stts", in: b))
        let entries = Self.uint32(b, stts + 4)
        var deltas: [Int] = []
        for k in 0..<entries {
            let count = Self.uint32(b, stts + 8 + 8 * k), delta = Self.uint32(b, stts + 12 + 8 * k)
            deltas += Array(repeating: delta, count: count)
        }
        #expect(deltas == times.map { Int($0.1) })
        // No B-frames: no composition offsets, so presentation time is decoding time.
        #expect(Self.box("ctts", in: b) == nil)
    }

    @Test("HEVC is tagged hvc1 so that Apple's players open it")
    func hevcTag() throws {
        let path = Self.directory() + "/h.mov"
        try Self.write(path, codec: .hevc, count: 3)
        let b = try Self.bytes(path)
        #expect(Self.box("hvc1", in: b) != nil)
        #expect(Self.box("hev1", in: b) == nil)
    }

    @Test("BT.709 colour is tagged in the sample description (colr nclx 1, 1, 1)")
    func colourTags() throws {
        let path = Self.directory() + "/c.mp4"
        try Self.write(path, count: 2)
        let b = try Self.bytes(path)
        let colr = try #require(Self.box("colr", in: b))
        #expect(String(decoding: b[colr..<colr + 4], as: UTF8.self) == "nclx")
        #expect(b[colr + 4..<colr + 10] == [0, 1, 0, 1, 0, 1])
    }

    @Test("an odd width or height is padded to even sides", arguments: [(31, 24), (32, 23), (1, 1)])
    func oddSizes(_ width: Int, _ height: Int) throws {
        let path = Self.directory() + "/odd.mp4"
        let encoder = try Self.write(path, count: 2, width: width, height: height)
        #expect(encoder.encodedWidth == width + width % 2 && encoder.encodedHeight == height + height % 2)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test("an existing file is kept without overwrite, replaced with it")
    func existingFile() throws {
        let path = Self.directory() + "/m.mp4"
        try Data("keep".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: MovieEncodingError(file: path, reason: .outputExists)) {
            _ = try MovieEncoder(path: path, width: 8, height: 8, options: MovieEncoderOptions(container: .mp4))
        }
        #expect(try Self.bytes(path) == Array("keep".utf8))
        let encoder = try MovieEncoder(path: path, width: 8, height: 8, options: MovieEncoderOptions(container: .mp4), overwrite: true)
        try encoder.add(Self.picture(0, width: 8, height: 8), pts: 0, duration: 1500)
        try encoder.finish()
        #expect(try Self.bytes(path).count > 100)
    }

    @Test("a full disk is a write error (exit 74) naming the file")
    func fullDisk() throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"))
        let link = Self.directory() + "/full.mp4"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/full")
        do {
            try Self.writeOverwriting(link)
            Issue.record("writing to /dev/full succeeded")
        } catch let error as MovieEncodingError {
            #expect(error.exitCode == 74)
            #expect(error.description == "\(link): cannot write: No space left on device")
        }
    }

    static func writeOverwriting(_ path: String) throws {
        let encoder = try MovieEncoder(path: path, width: 16, height: 16, options: MovieEncoderOptions(container: .mp4), overwrite: true)
        for i in 0..<3 { try encoder.add(picture(i, width: 16, height: 16), pts: Int64(i) * 1500, duration: 1500) }
        try encoder.finish()
    }

    @Test("frames that cannot be written are refused, and an unfinished movie leaves nothing behind")
    func refusedFrames() throws {
        let dir = Self.directory()
        let path = dir + "/r.mp4"
        do {
            let encoder = try MovieEncoder(path: path, width: 16, height: 16, options: MovieEncoderOptions(container: .mp4))
            try encoder.add(Self.picture(0, width: 16, height: 16), pts: 1500, duration: 1500)
            #expect(throws: MovieEncodingError.self) { try encoder.add(Self.picture(1, width: 16, height: 16), pts: 1500, duration: 1500) }
            #expect(throws: MovieEncodingError.self) { try encoder.add(Self.picture(1, width: 8, height: 16), pts: 3000, duration: 1500) }
            #expect(throws: MovieEncodingError.self) { try encoder.add(Self.picture(1, width: 16, height: 16), pts: 3000, duration: 0) }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
        let empty = try MovieEncoder(path: path, width: 16, height: 16, options: MovieEncoderOptions(container: .mp4))
        #expect(throws: MovieEncodingError(file: path, reason: .invalidFrame("a movie needs at least one frame"))) { try empty.finish() }
    }

    @Test("the same frames give the same bytes (one thread, no version strings)", arguments: [MovieEncoderOptions.Codec.h264, .hevc])
    func deterministic(_ codec: MovieEncoderOptions.Codec) throws {
        let dir = Self.directory()
        try Self.write(dir + "/a.mp4", codec: codec)
        try Self.write(dir + "/b.mp4", codec: codec)
        #expect(try Self.bytes(dir + "/a.mp4") == Self.bytes(dir + "/b.mp4"))
    }
}
