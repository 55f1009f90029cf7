import Raster

/// A `PolylineMeasurer` applied frame after frame: when none of the pixels it reads changed
/// since the last frame and the ink is the same, the last result is returned, which is exactly
/// what measuring again would give (the measurement reads nothing else). A tick that has not
/// started yet, or has finished, then costs one word comparison per pixel under it.
public struct PathMeasuring: Sendable {
    public let measurer: PolylineMeasurer
    /// Byte offsets of the distinct pixels the measurer reads.
    private let offsets: [Int]
    /// Their RGBA words in the last frame measured.
    private var words: [UInt32]
    private var last: (ink: RGBA, result: PolylineMeasurer.Measurement)?

    public init(_ measurer: PolylineMeasurer) {
        self.measurer = measurer
        var read = measurer.pixelsRead
        read.sort()
        var distinct: [Int] = []
        for o in read where distinct.last != o { distinct.append(o) }
        offsets = distinct
        words = [UInt32](repeating: 0, count: distinct.count)
    }

    /// How much of the path is drawn in `image` (see `PolylineMeasurer.measure`).
    public mutating func measure(_ image: RGBAImage, ink: RGBA) -> PolylineMeasurer.Measurement {
        var changed = false
        image.pixels.withUnsafeBytes { raw in
            words.withUnsafeMutableBufferPointer { words in
                for (u, o) in offsets.enumerated() {
                    let word = raw.loadUnaligned(fromByteOffset: o, as: UInt32.self)
                    if word != words[u] {
                        words[u] = word
                        changed = true
                    }
                }
            }
        }
        if !changed, let last, last.ink == ink { return last.result }
        let result = measurer.measure(image, ink: ink)
        last = (ink, result)
        return result
    }
}
