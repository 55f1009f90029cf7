import Raster

/// Something unusual that the decoder handled the way browsers do, and reports.
public enum GIFWarning: Sendable, Equatable, CustomStringConvertible {
    /// The frame's rectangle sticks out of the screen; the outside part is not drawn.
    case clipped(frame: Int, rect: PixelRect, screenWidth: Int, screenHeight: Int)
    /// A zero-width or zero-height image was skipped (it draws nothing; its delay is dropped).
    case zeroSizeImage(afterFrame: Int, width: Int, height: Int, delayCentiseconds: Int)
    /// Pixel indices at or past the palette's size were drawn opaque black.
    case indicesPastPalette(frame: Int, paletteSize: Int, pixels: Int)
    /// Neither a local nor a global colour table: every pixel was drawn opaque black.
    case missingPalette(frame: Int)
    /// The file ends without the `;` trailer after its last complete frame.
    case missingTrailer
    /// Bytes that follow the trailer were ignored.
    case trailingBytes(Int)
    /// A byte that starts no known block followed a complete frame; the rest was ignored.
    case garbageAfterFrames(byte: UInt8, offset: Int, frames: Int)
    /// `--lenient`: the file is damaged here; decoding stopped with the frames read so far.
    case stoppedEarly(String)
    /// `--lenient`: only the first `rows` rows of this frame could be decoded.
    case partialFrame(frame: Int, rows: Int, of: Int)

    public var description: String {
        switch self {
        case .clipped(let f, let r, let w, let h):
            return "frame \(f): rectangle \(r.width)×\(r.height) at (\(r.x),\(r.y)) extends past the \(w)×\(h) screen; clipped"
        case .zeroSizeImage(let f, let w, let h, let d):
            let after = f < 0 ? "before the first frame" : "after frame \(f)"
            return "zero-size image (\(w)×\(h)) \(after) skipped" + (d > 0 ? " with its \(d) cs delay" : "")
        case .indicesPastPalette(let f, let n, let count):
            return "frame \(f): \(count) pixels use indices past the \(n)-colour palette; drawn opaque black"
        case .missingPalette(let f):
            return "frame \(f): no local or global colour table; drawn opaque black"
        case .missingTrailer:
            return "file ends without a GIF trailer after its last frame"
        case .trailingBytes(let n):
            return "\(n) bytes after the GIF trailer ignored"
        case .garbageAfterFrames(let byte, let offset, let frames):
            let hex = String(byte, radix: 16, uppercase: true)
            return "unexpected byte 0x\(hex.count == 1 ? "0" + hex : hex) at offset \(offset) after \(frames) frames; the rest of the file is ignored"
        case .stoppedEarly(let why):
            return "\(why); continuing with the frames decoded so far (--lenient)"
        case .partialFrame(let f, let rows, let total):
            return "frame \(f): only \(rows) of \(total) rows decoded (--lenient)"
        }
    }
}
