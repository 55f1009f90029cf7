import Testing
import Raster
@testable import StrokeEstimation

/// The memory cuts of issue 9 (docs/BENCHMARKS.md, "Performance table"): what is no longer kept
/// must give exactly what keeping it gave.
@Suite("Lean statistics and recording: same results with less kept")
struct MemoryLeanTests {
    /// A few 23×17 frames of pseudo-random colours, partly transparent, each changing a patch.
    static func frames() -> [RGBAImage] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        var image = RGBAImage(width: 23, height: 17)
        for i in image.pixels.indices { image.pixels[i] = next() }
        var out = [image]
        for k in 0..<6 {
            for y in (k * 2)..<(k * 2 + 5) {
                for x in (k * 3)..<(k * 3 + 7) {
                    let o = (y * 23 + x) * 4
                    for c in 0..<4 { image.pixels[o + c] = next() }
                    if k == 3 { image.pixels[o + 3] = 0 }  // fully transparent: colour bytes still differ
                }
            }
            out.append(image)
        }
        return out
    }

    /// The statistics as they were computed with a kept premultiplied reference frame.
    static func expectedDeviation(_ frames: [RGBAImage]) -> [UInt16] {
        func premultiplied(_ image: RGBAImage, _ i: Int) -> [Int] {
            let a = Int(image.pixels[i * 4 + 3])
            return (0..<3).map { (Int(image.pixels[i * 4 + $0]) * a + 127) / 255 } + [a]
        }
        let count = frames[0].width * frames[0].height
        var deviation = [UInt16](repeating: 0, count: count)
        for frame in frames.dropFirst() {
            for i in 0..<count {
                let p = premultiplied(frame, i), q = premultiplied(frames[0], i)
                let d2 = zip(p, q).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
                deviation[i] = max(deviation[i], UInt16(Double(d2).squareRoot()))
            }
        }
        return deviation
    }

    @Test("deviations from the first frame equal the premultiplied Euclidean distance, reference recomputed from the words")
    func statisticsWithoutKeptReference() {
        let frames = Self.frames()
        var stats = PixelStatistics(width: 23, height: 17)
        for frame in frames { stats.add(frame) }
        #expect(stats.frames == frames.count)
        #expect(stats.maxDeviation == Self.expectedDeviation(frames))
        #expect(stats.maxDeviation.contains { $0 > 0 })
        let first = frames[0]
        let expectedReference = (0..<(23 * 17 * 4)).map { i -> UInt8 in
            let a = Int(first.pixels[i / 4 * 4 + 3])
            return i % 4 == 3 ? UInt8(a) : UInt8((Int(first.pixels[i]) * a + 127) / 255)
        }
        #expect(stats.reference == expectedReference)
    }

    @Test("a replay that releases the recording hands over the same frames as a plain replay, and empties it")
    func replayReleasing() {
        let frames = Self.frames()
        var recording = FrameRecording(width: 23, height: 17)
        for frame in frames { recording.add(frame) }
        recording.finishRecording()
        var plain: [RGBAImage] = []
        recording.replay { _, image in plain.append(image) }
        #expect(plain == frames)

        var released: [RGBAImage] = []
        recording.replayReleasing { i, image in
            #expect(i == released.count)
            released.append(image)
        }
        #expect(released == frames)
        #expect(recording.count == 0 && !recording.isComplete)
        var again = 0
        recording.replay { _, _ in again += 1 }
        #expect(again == 0, "nothing is left to replay")
    }
}
