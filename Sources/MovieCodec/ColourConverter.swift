internal import CFFmpeg
import Raster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libswscale's conversion of decoded frames to RGBA, for one part of the frame, with the
/// colour matrix and range the stream declares. The context is kept while the pixel format,
/// size and colour stay the same (they do, frame after frame).
struct ColourConverter {
    private var context: OpaquePointer?
    private var key: Key?
    /// Aligned rows libswscale writes into (av_malloc'd), and their size in bytes.
    private var scratch: UnsafeMutablePointer<UInt8>?
    private var scratchSize = 0

    private struct Key: Equatable {
        var format: Int32, width: Int32, height: Int32, matrix: Int32, fullRange: Bool
    }

    /// The colour matrix and range a frame is converted with.
    struct Colour {
        /// libswscale's SWS_CS_* constant.
        var matrix: Int32
        var matrixName: String
        var fullRange: Bool
    }

    /// The frame's matrix and range: as the stream declares them; an unspecified matrix is
    /// BT.709 from 720 lines up (HD) and BT.601 below, as players assume; the range is limited
    /// unless declared full (or a `yuvj` format).
    static func colour(of frame: UnsafeMutablePointer<AVFrame>) -> Colour {
        let f = frame.pointee
        return colour(format: AVPixelFormat(f.format), space: f.colorspace, range: f.color_range, height: Int(f.height))
    }

    /// The same from a stream's parameters (before a frame is decoded: `format` may be unknown).
    static func colour(format: AVPixelFormat, space: AVColorSpace, range: AVColorRange, height: Int) -> Colour {
        let isRGB = ffmpeg.av_pix_fmt_desc_get(format).map { $0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0 } ?? false
        if isRGB { return Colour(matrix: SWS_CS_DEFAULT, matrixName: "rgb", fullRange: true) }
        let full = range == AVCOL_RANGE_JPEG || [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P].contains(format)
        switch space {
        case AVCOL_SPC_BT709: return Colour(matrix: SWS_CS_ITU709, matrixName: "bt709", fullRange: full)
        case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M: return Colour(matrix: SWS_CS_ITU601, matrixName: "bt601", fullRange: full)
        case AVCOL_SPC_SMPTE240M: return Colour(matrix: SWS_CS_SMPTE240M, matrixName: "smpte240m", fullRange: full)
        case AVCOL_SPC_FCC: return Colour(matrix: SWS_CS_FCC, matrixName: "fcc", fullRange: full)
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: return Colour(matrix: SWS_CS_BT2020, matrixName: "bt2020", fullRange: full)
        default:
            return height >= 720 ? Colour(matrix: SWS_CS_ITU709, matrixName: "bt709 (assumed)", fullRange: full)
                                   : Colour(matrix: SWS_CS_ITU601, matrixName: "bt601 (assumed)", fullRange: full)
        }
    }

    /// `rect` (inside the frame) widened to the chroma planes' grid, so that the cropped luma
    /// and chroma start at the same picture position.
    static func aligned(_ rect: PixelRect, of frame: UnsafeMutablePointer<AVFrame>) -> PixelRect {
        guard !rect.isEmpty, let desc = ffmpeg.av_pix_fmt_desc_get(AVPixelFormat(frame.pointee.format)) else { return rect }
        let sx = 1 << Int(desc.pointee.log2_chroma_w), sy = 1 << Int(desc.pointee.log2_chroma_h)
        let x = rect.x / sx * sx, y = rect.y / sy * sy
        let maxX = min(Int(frame.pointee.width), (rect.maxX + sx - 1) / sx * sx)
        let maxY = min(Int(frame.pointee.height), (rect.maxY + sy - 1) / sy * sy)
        return PixelRect(x: x, y: y, width: maxX - x, height: maxY - y)
    }

    /// Converts `area` of `frame` to RGBA at `destination` (rows `stride` bytes apart) and
    /// returns the part of the area whose pixels changed (relative to the area's corner), nil
    /// when libswscale cannot convert the pixel format. Only the area's rows in `copying`
    /// (relative to its top; nil: all) are written. The frame's data pointers are moved to the
    /// area (it is cropped in place): convert a frame once, then unref it.
    mutating func convert(_ frame: UnsafeMutablePointer<AVFrame>, area: PixelRect,
                          into destination: UnsafeMutablePointer<UInt8>, stride: Int, copying: Range<Int>? = nil) -> PixelRect? {
        let colour = Self.colour(of: frame)
        let f = frame.pointee
        if area.width != Int(f.width) || area.height != Int(f.height) {
            frame.pointee.crop_left = Int(area.x)
            frame.pointee.crop_top = Int(area.y)
            frame.pointee.crop_right = Int(f.width) - area.maxX
            frame.pointee.crop_bottom = Int(f.height) - area.maxY
            guard ffmpeg.av_frame_apply_cropping(frame, Int32(AV_FRAME_CROP_UNALIGNED)) >= 0 else { return nil }
        }
        let g = frame.pointee
        let key = Key(format: g.format, width: g.width, height: g.height, matrix: colour.matrix, fullRange: colour.fullRange)
        if key != self.key {
            ffmpeg.sws_freeContext(context)
            // Same size in and out: the filter only upsamples chroma; bilinear keeps edges
            // soft as the recorder drew them, point sampling would step them.
            context = ffmpeg.settingUp {
                let made = ffmpeg.sws_getContext(g.width, g.height, AVPixelFormat(g.format), g.width, g.height, AV_PIX_FMT_RGBA,
                                                 SWS_BILINEAR, nil, nil, nil)
                if let made {
                    _ = ffmpeg.sws_setColorspaceDetails(made, ffmpeg.sws_getCoefficients(colour.matrix), colour.fullRange ? 1 : 0,
                                                        ffmpeg.sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16)
                }
                return made
            }
            guard let context else { self.key = nil; return nil }
            self.key = key
        }
        // libswscale's SIMD paths write whole vectors (8 or 16 pixels) past a row's end and want
        // aligned rows: they convert into a scratch buffer of padded, aligned rows, copied into
        // the canvas row by row (a small cost beside the conversion).
        let rowBytes = Int(g.width) * 4
        let scratchStride = (rowBytes + 63) / 64 * 64 + 64
        let needed = scratchStride * (Int(g.height) + 2)
        if needed > scratchSize {
            ffmpeg.av_free(scratch)
            scratch = ffmpeg.av_malloc(needed)?.assumingMemoryBound(to: UInt8.self)
            scratchSize = scratch == nil ? 0 : needed
        }
        guard let scratch else { return nil }
        let source: [UnsafePointer<UInt8>?] = [g.data.0, g.data.1, g.data.2, g.data.3].map { $0.map { UnsafePointer($0) } }
        let strides: [Int32] = [g.linesize.0, g.linesize.1, g.linesize.2, g.linesize.3]
        var target: [UnsafeMutablePointer<UInt8>?] = [scratch, nil, nil, nil]
        var targetStrides: [Int32] = [Int32(scratchStride), 0, 0, 0]
        let rows = ffmpeg.sws_scale(context, source, strides, 0, g.height, &target, &targetStrides)
        guard rows == g.height else { return nil }
        let kept = (copying ?? 0..<Int(g.height)).clamped(to: 0..<Int(g.height))
        let changed = Self.copyChanges(from: scratch + kept.lowerBound * scratchStride, stride: scratchStride,
                                       to: destination + kept.lowerBound * stride, stride: stride,
                                       width: Int(g.width), height: kept.count)
        return changed.isEmpty ? changed : PixelRect(x: changed.x, y: changed.y + kept.lowerBound, width: changed.width, height: changed.height)
    }

    /// Copies the rows of `source` that differ from `destination`'s (both `width` RGBA pixels
    /// wide) and returns the rectangle the differences span. A screen recording changes a few
    /// percent of its pixels from frame to frame: the rectangle lets the reader look at those
    /// only (and keep a sample of frames as their changes), as a GIF's frame rectangles do.
    static func copyChanges(from source: UnsafeMutablePointer<UInt8>, stride sourceStride: Int,
                            to destination: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int) -> PixelRect {
        var minX = width, maxX = -1, minY = height, maxY = -1
        let rowBytes = width * 4
        for y in 0..<height {
            let from = source + y * sourceStride, to = destination + y * stride
            guard memcmp(from, to, rowBytes) != 0 else { continue }
            // The row differs: its first and last differing pixels, compared four bytes at once.
            let a = UnsafeRawPointer(from), b = UnsafeRawPointer(to)
            var left = 0
            while left < width && a.loadUnaligned(fromByteOffset: left * 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: left * 4, as: UInt32.self) { left += 1 }
            var right = width - 1
            while right > left && a.loadUnaligned(fromByteOffset: right * 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: right * 4, as: UInt32.self) { right -= 1 }
            minX = min(minX, left)
            maxX = max(maxX, right)
            if minY == height { minY = y }
            maxY = y
            to.update(from: from, count: rowBytes)
        }
        guard maxY >= 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// libswscale's context is freed with the converter's owner (`MovieDecoder.deinit` calls
    /// this through `release`).
    mutating func release() {
        ffmpeg.sws_freeContext(context)
        context = nil
        key = nil
        ffmpeg.av_free(scratch)
        scratch = nil
        scratchSize = 0
    }
}
