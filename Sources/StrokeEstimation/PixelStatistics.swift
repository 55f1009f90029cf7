import Raster

/// What changes over time, pixel by pixel: accumulated over frames in one streaming pass, then
/// used to find the animated shapes. Static UI (labels, buttons, phone chrome) never changes,
/// so it never enters the animated mask.
///
/// Colours are compared premultiplied by alpha, so a transparent canvas behaves like a black
/// one with zero opacity and anti-aliased ink over transparency still counts.
public struct PixelStatistics: Sendable {
    public let width: Int
    public let height: Int
    /// Largest colour distance from the reference seen so far (Euclidean over RGBA, 0...510).
    public private(set) var maxDeviation: [UInt16]
    public private(set) var frames = 0
    /// The first frame as stored (straight RGBA words): most pixels of later frames equal it,
    /// and one word comparison skips them. Its premultiplied colour is recomputed where a pixel
    /// differs rather than kept (10 bytes a pixel in all, with `extremeWords`: this lives through the first frames
    /// of a 1000×1000 screen alongside the decoder's canvases).
    private var referenceWords: [UInt32]
    /// Per pixel, the colour (straight RGBA word) of the frame that set `maxDeviation`: with the
    /// first frame's, the two colours a pixel of a stroke's band alternates between (ink, and
    /// the background or track under it), from which `RingInk` tells the stroke's ink.
    public private(set) var extremeWords: [UInt32]

    /// The first frame, premultiplied RGBA (computed on demand; the statistics keep only the
    /// straight words).
    public var reference: [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            let p = Self.premultiplied(referenceWords[i])
            out[i * 4] = UInt8(p.r); out[i * 4 + 1] = UInt8(p.g); out[i * 4 + 2] = UInt8(p.b); out[i * 4 + 3] = UInt8(p.a)
        }
        return out
    }

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        maxDeviation = [UInt16](repeating: 0, count: width * height)
        referenceWords = [UInt32](repeating: 0, count: width * height)
        extremeWords = [UInt32](repeating: 0, count: width * height)
    }

    /// The first frame's colour at pixel `index` (straight RGBA word).
    @inline(__always) public func referenceWord(at index: Int) -> UInt32 { referenceWords[index] }

    /// A straight RGBA word (bytes R, G, B, A in memory order) premultiplied by its alpha, with
    /// rounding to nearest.
    @inline(__always) static func premultiplied(_ word: UInt32) -> (r: Int, g: Int, b: Int, a: Int) {
        let bytes = word.littleEndian
        let r = Int(bytes & 0xFF), g = Int((bytes >> 8) & 0xFF), b = Int((bytes >> 16) & 0xFF), a = Int(bytes >> 24)
        return ((r &* a + 127) / 255, (g &* a + 127) / 255, (b &* a + 127) / 255, a)
    }

    /// Adds one composited frame (same size as the statistics). `changed` limits the work to
    /// the part of the canvas that can differ from the previous frame (the frame's rectangle and
    /// the previous frame's disposal); nil means the whole canvas.
    public mutating func add(_ image: RGBAImage, changed: PixelRect? = nil) {
        precondition(image.width == width && image.height == height, "frame size changed")
        let first = frames == 0
        frames += 1
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        let area = first ? whole : (changed ?? whole).intersection(whole)
        guard !area.isEmpty else { return }
        let w = width
        image.pixels.withUnsafeBytes { raw in
            referenceWords.withUnsafeMutableBufferPointer { words in
                if first {
                    for i in 0..<(width * height) { words[i] = raw.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self) }
                    return
                }
                maxDeviation.withUnsafeMutableBufferPointer { dev in
                  extremeWords.withUnsafeMutableBufferPointer { extreme in
                    for y in area.y..<area.maxY {
                        for i in (y * w + area.x)..<(y * w + area.maxX) {
                            let word = raw.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)
                            if word == words[i] { continue }
                            let p = Self.premultiplied(word), q = Self.premultiplied(words[i])
                            let dr = p.r - q.r, dg = p.g - q.g, db = p.b - q.b, da = p.a - q.a
                            let d2 = dr * dr + dg * dg + db * db + da * da
                            if d2 == 0 { continue }
                            let d = UInt16(Double(d2).squareRoot())
                            if d > dev[i] { dev[i] = d; extreme[i] = word }
                        }
                    }
                  }
                }
            }
        }
    }
}
