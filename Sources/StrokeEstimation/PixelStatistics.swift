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
    /// The first frame, premultiplied RGBA.
    public private(set) var reference: [UInt8]
    /// Largest colour distance from the reference seen so far (Euclidean over RGBA, 0...510).
    public private(set) var maxDeviation: [UInt16]
    /// The colour at that largest deviation, premultiplied RGBA (an ink candidate).
    public private(set) var extreme: [UInt8]
    public private(set) var frames = 0
    /// The first frame as stored (straight RGBA words): most pixels of later frames equal it,
    /// and one word comparison skips them.
    private var referenceWords: [UInt32]

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        reference = [UInt8](repeating: 0, count: width * height * 4)
        maxDeviation = [UInt16](repeating: 0, count: width * height)
        extreme = [UInt8](repeating: 0, count: width * height * 4)
        referenceWords = [UInt32](repeating: 0, count: width * height)
    }

    /// Adds one composited frame (same size as the statistics). `changed` limits the work to
    /// the part of the canvas that can differ from the previous frame (the frame's rectangle and
    /// the previous frame's disposal); nil means the whole canvas.
    public mutating func add(_ image: RGBAImage, changed: PixelRect? = nil) {
        precondition(image.width == width && image.height == height, "frame size changed")
        let first = frames == 0
        frames += 1
        let area = first ? PixelRect(x: 0, y: 0, width: width, height: height)
                         : (changed ?? PixelRect(x: 0, y: 0, width: width, height: height)).intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !area.isEmpty else { return }
        let w = width
        image.pixels.withUnsafeBufferPointer { src in
          referenceWords.withUnsafeMutableBufferPointer { words in
            let raw = UnsafeRawBufferPointer(src)
            reference.withUnsafeMutableBufferPointer { ref in
                maxDeviation.withUnsafeMutableBufferPointer { dev in
                    extreme.withUnsafeMutableBufferPointer { ext in
                        for y in area.y..<area.maxY {
                          for i in (y * w + area.x)..<(y * w + area.maxX) {
                            let o = i &* 4
                            let word = raw.loadUnaligned(fromByteOffset: o, as: UInt32.self)
                            if first {
                                words[i] = word
                            } else if word == words[i] {
                                continue
                            }
                            let a = Int(src[o + 3])
                            let r = (Int(src[o]) &* a + 127) / 255, g = (Int(src[o + 1]) &* a + 127) / 255
                            let b = (Int(src[o + 2]) &* a + 127) / 255
                            if first {
                                ref[o] = UInt8(r); ref[o + 1] = UInt8(g); ref[o + 2] = UInt8(b); ref[o + 3] = UInt8(a)
                                continue
                            }
                            let dr = r - Int(ref[o]), dg = g - Int(ref[o + 1]), db = b - Int(ref[o + 2]), da = a - Int(ref[o + 3])
                            let d2 = dr * dr + dg * dg + db * db + da * da
                            if d2 == 0 { continue }
                            let d = UInt16(Double(d2).squareRoot())
                            if d > dev[i] {
                                dev[i] = d
                                ext[o] = UInt8(r); ext[o + 1] = UInt8(g); ext[o + 2] = UInt8(b); ext[o + 3] = UInt8(a)
                            }
                          }
                        }
                    }
                }
            }
          }
        }
    }
}

