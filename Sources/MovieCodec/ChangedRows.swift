internal import CFFmpeg
import Raster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which rows of a frame's area can differ in RGBA from the previous frame's, told from the
/// decoded planes before any colour conversion. A screen recording changes a few rows from frame
/// to frame; converting only those (with a margin, see `MovieDecoder.convert`) spares libswscale
/// and the row comparison most of a full-screen frame while the rings are still being looked for.
enum ChangedRows: Equatable {
    /// The planes cannot be compared (not 8-bit planar YUV, or laid out differently): convert all.
    case unknown
    /// No byte of the area's planes changed.
    case none
    /// Luma rows (frame coordinates, inside the area) whose converted pixels may have changed: the
    /// changed luma rows, and those a changed chroma row reaches through vertical interpolation.
    case rows(Range<Int>)

    /// Chroma rows a converted luma row reads on either side (libswscale's bilinear vertical
    /// chroma filter reads the nearest two), widened for safety.
    static let chromaReach = 2

    /// Compares `area` (aligned to the chroma grid) of `frame` with the same area of `previous`.
    static func between(_ frame: UnsafeMutablePointer<AVFrame>, _ previous: UnsafeMutablePointer<AVFrame>, in area: PixelRect) -> ChangedRows {
        let f = frame.pointee, p = previous.pointee
        guard f.format == p.format, f.width == p.width, f.height == p.height,
              let desc = ffmpeg.av_pix_fmt_desc_get(AVPixelFormat(f.format)) else { return .unknown }
        let d = desc.pointee
        let flags = d.flags
        guard flags & UInt64(AV_PIX_FMT_FLAG_PLANAR) != 0, flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0,
              flags & UInt64(AV_PIX_FMT_FLAG_PAL) == 0, d.nb_components == 3,
              d.comp.0.depth == 8, d.comp.1.depth == 8, d.comp.2.depth == 8,
              d.comp.0.plane == 0, d.comp.1.plane == 1, d.comp.2.plane == 2 else { return .unknown }
        let sx = Int(d.log2_chroma_w), sy = Int(d.log2_chroma_h)
        let planes: [(UnsafeMutablePointer<UInt8>?, Int32, UnsafeMutablePointer<UInt8>?, Int32)] = [
            (f.data.0, f.linesize.0, p.data.0, p.linesize.0),
            (f.data.1, f.linesize.1, p.data.1, p.linesize.1),
            (f.data.2, f.linesize.2, p.data.2, p.linesize.2),
        ]
        var low = Int.max, high = Int.min
        for (index, plane) in planes.enumerated() {
            guard let a = plane.0, let b = plane.2, plane.1 > 0, plane.3 > 0 else { return .unknown }
            let shiftX = index == 0 ? 0 : sx, shiftY = index == 0 ? 0 : sy
            let x0 = area.x >> shiftX, x1 = (area.maxX + (1 << shiftX) - 1) >> shiftX
            let y0 = area.y >> shiftY, y1 = (area.maxY + (1 << shiftY) - 1) >> shiftY
            let bytes = x1 - x0
            guard bytes > 0 else { continue }
            for row in y0..<y1 where memcmp(a + row * Int(plane.1) + x0, b + row * Int(plane.3) + x0, bytes) != 0 {
                // The luma rows this plane row covers, and for chroma those its interpolation reaches.
                let reach = index == 0 ? 0 : chromaReach
                low = min(low, (row - reach) << shiftY)
                high = max(high, (row + 1 + reach) << shiftY)
            }
        }
        guard low <= high else { return .none }
        return .rows(max(area.y, low)..<min(area.maxY, high))
    }
}
