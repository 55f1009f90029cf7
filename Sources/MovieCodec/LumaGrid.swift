internal import CFFmpeg

/// A frame's luma on a sparse grid (every `step`-th pixel of every `step`-th row), read from the
/// decoded planes before any colour conversion: cheap enough to read on every frame, for
/// watching where a movie changes outside the region it converts
/// (`MovieDecoder.lumaGridStep`).
enum LumaGrid {
    /// Grid columns and rows for a `width` × `height` frame.
    static func size(width: Int, height: Int, step: Int) -> (columns: Int, rows: Int) {
        ((width + step - 1) / step, (height + step - 1) / step)
    }

    /// Writes `frame`'s luma (scaled to 8 bits) at the grid points into `grid`, row by row;
    /// false when its pixel format has no luma component to read (RGB, a palette, big-endian
    /// samples), and `grid` is left as it was.
    static func sample(_ frame: UnsafeMutablePointer<AVFrame>, step: Int, into grid: inout [UInt8]) -> Bool {
        let f = frame.pointee
        guard let desc = ffmpeg.av_pix_fmt_desc_get(AVPixelFormat(f.format)) else { return false }
        let d = desc.pointee
        let luma = d.comp.0
        guard d.flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0, d.flags & UInt64(AV_PIX_FMT_FLAG_PAL) == 0,
              d.flags & UInt64(AV_PIX_FMT_FLAG_BE) == 0, d.flags & UInt64(AV_PIX_FMT_FLAG_BITSTREAM) == 0,
              luma.plane == 0, luma.depth >= 1, luma.depth <= 16, luma.step >= 1,
              let base = f.data.0, f.linesize.0 > 0 else { return false }
        let width = Int(f.width), height = Int(f.height)
        let (columns, rows) = size(width: width, height: height, step: step)
        if grid.count != columns * rows { grid = [UInt8](repeating: 0, count: columns * rows) }
        let stride = Int(f.linesize.0), pixelStep = Int(luma.step), offset = Int(luma.offset)
        let wide = luma.depth + luma.shift > 8
        // A sample wider than a byte is little-endian; its top eight bits are kept.
        let drop = UInt16(luma.shift) + UInt16(max(0, Int(luma.depth) - 8))
        grid.withUnsafeMutableBufferPointer { out in
            for gy in 0..<rows {
                let row = UnsafeRawPointer(base + gy * step * stride + offset)
                let o = gy * columns
                if wide {
                    for gx in 0..<columns {
                        let value = row.loadUnaligned(fromByteOffset: gx * step * pixelStep, as: UInt16.self).littleEndian
                        out[o + gx] = UInt8(truncatingIfNeeded: value >> drop)
                    }
                } else {
                    let bytes = row.assumingMemoryBound(to: UInt8.self)
                    for gx in 0..<columns { out[o + gx] = bytes[gx * step * pixelStep] }
                }
            }
        }
        return true
    }
}
