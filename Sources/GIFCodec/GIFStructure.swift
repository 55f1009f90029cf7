import Raster

/// What a frame does to the canvas once its delay is over (the GIF89a disposal method).
public enum GIFDisposal: Int, Sendable, Hashable, CaseIterable {
    /// 0: no disposal specified; browsers keep the frame, as for `keep`.
    case unspecified = 0
    /// 1: leave the frame in place.
    case keep = 1
    /// 2: clear the frame's rectangle. Browsers clear to transparent, not to the background colour.
    case background = 2
    /// 3: restore the canvas as it was before the frame was drawn.
    case previous = 3

    /// Values 4–7 are reserved; browsers treat them as "unspecified".
    public init(code: Int) { self = GIFDisposal(rawValue: code) ?? .unspecified }

    /// The name printed in tables: `none`, `keep`, `background`, `previous`.
    public var name: String {
        switch self {
        case .unspecified: "none"
        case .keep: "keep"
        case .background: "background"
        case .previous: "previous"
        }
    }
}

/// The logical screen: what the file header says about the whole animation.
public struct GIFScreen: Sendable, Equatable {
    /// `GIF87a` or `GIF89a` (as stored; other `GIF8?a` variants are passed through).
    public var version: String
    public var width: Int
    public var height: Int
    /// Entries in the global colour table; 0 when there is none.
    public var globalPaletteSize: Int
    /// The background colour index. Browsers ignore it: the canvas starts transparent.
    public var backgroundIndex: Int
    /// The stored pixel-aspect byte (0 = square pixels, as written by all modern encoders).
    public var aspectByte: Int
}

/// One displayed frame of the file, as stored (the composited picture is separate).
public struct GIFFrameInfo: Sendable, Equatable {
    /// 0-based, counting only frames that are displayed (zero-size images are skipped).
    public var index: Int
    /// The image rectangle as stored, in screen pixels (it may stick out of the screen).
    public var rect: PixelRect
    public var disposal: GIFDisposal
    /// The transparent colour index from the graphic control extension, if any.
    public var transparentIndex: Int?
    /// The delay as stored, in centiseconds (0 when there is no graphic control extension).
    public var delayCentiseconds: Int
    /// Whether a graphic control extension preceded the image.
    public var hasGraphicControl: Bool
    /// Entries in the frame's local colour table; 0 when it uses the global table.
    public var localPaletteSize: Int
    public var interlaced: Bool
    /// What was odd about this frame (clipped, indices past the palette, ...), one line each.
    public var warnings: [GIFWarning]
}

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

/// How stored delays become playback durations.
public enum DelayPolicy: String, Sendable, CaseIterable {
    /// The delays as stored; 0 cs frames share an instant with the next frame.
    case raw
    /// Chrome and Firefox: delays of 0 or 1 cs play as 10 cs.
    case browser
    /// ffmpeg's GIF demuxer: delays under 2 cs play as 10 cs.
    case ffmpeg

    /// The delay this policy plays, in centiseconds.
    public func effectiveCentiseconds(_ raw: Int) -> Int {
        switch self {
        case .raw: raw
        case .browser: raw <= 1 ? 10 : raw
        case .ffmpeg: raw < 2 ? 10 : raw
        }
    }
}

extension GIFWarning {
    /// A one-word tag for table cells; the full text is in `description`.
    public var tag: String {
        switch self {
        case .clipped: "clipped"
        case .zeroSizeImage: "zero-size"
        case .indicesPastPalette: "past-palette"
        case .missingPalette: "no-palette"
        case .missingTrailer: "no-trailer"
        case .trailingBytes: "trailing-bytes"
        case .garbageAfterFrames: "garbage"
        case .stoppedEarly: "stopped-early"
        case .partialFrame: "partial"
        }
    }
}
