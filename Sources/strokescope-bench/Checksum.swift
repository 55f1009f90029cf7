import GIFCodec
import Raster

/// FNV-1a (64-bit) over bytes. scripts/bench/decode_composite.c computes the same function, so
/// equal hex strings mean both decoders composited byte-identical canvases.
struct FNV1a {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func add(_ bytes: [UInt8]) {
        var h = value
        bytes.withUnsafeBufferPointer { buffer in
            for b in buffer {
                h ^= UInt64(b)
                h = h &* 0x0000_0100_0000_01B3
            }
        }
        value = h
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// Decodes `path` with `GIFDecoder` and returns the line decode_composite prints:
/// `frames N loop L delay_cs D checksum HEX`, with L -1 when there is no loop block, D the sum of
/// the stored delays, HEX the checksum of the final canvas (with `everyFrame`, of every canvas in
/// turn).
///
/// Holding on to the last frame makes the compositor copy the canvas before drawing the next one
/// (copy-on-write), so this is a correctness check, not the timed path.
func checksum(path: String, everyFrame: Bool) throws(GIFError) -> String {
    let decoder = try GIFDecoder(path: path)
    var hash = FNV1a()
    var last: RGBAImage?
    var frames = 0, delay = 0
    while let frame = try decoder.next() {
        frames += 1
        delay += frame.info.delayCentiseconds
        if everyFrame { hash.add(frame.image.pixels) } else { last = frame.image }
    }
    if !everyFrame, let last { hash.add(last.pixels) }
    return "frames \(frames) loop \(decoder.loopCount ?? -1) delay_cs \(delay) checksum \(hash.hex)"
}

/// Decodes and composites every frame of `path` with `GIFDecoder` and nothing else, returning
/// `frames N`: the decoder's own cost, to set against `strokescope info` (which adds process
/// start-up, per-frame bookkeeping and the report) and against decode_composite.
///
/// Each frame is dropped before the next is asked for, so the canvas is never shared when the
/// compositor draws and copy-on-write never copies it.
func decodeOnly(path: String) throws(GIFError) -> String {
    let decoder = try GIFDecoder(path: path)
    var frames = 0
    while try decoder.next() != nil { frames += 1 }
    return "frames \(frames)"
}
