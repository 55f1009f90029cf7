import Foundation
import GIFCodec
import Raster

/// A rotating spinner arc: a ring segment of fixed length turning clockwise at a constant rate,
/// anti-aliased by 4×4 supersampling and quantised to a small palette of ink-over-background
/// shades. Written the way screen recorders write GIFs: a full first frame, then delta frames
/// holding only the changed rectangle, with unchanged pixels transparent.
///
/// This is a decoder and contact-sheet fixture; its geometry is simple on purpose, not a
/// Core Animation model.
struct RotatingArcFixture {
    var fileName: String
    var size: Int
    var radius: Double
    var lineWidth: Double
    /// Arc length in degrees.
    var sweep: Double
    var frames: Int
    var delayCentiseconds: Int
    var deltaFrames: Bool

    static let all = [
        RotatingArcFixture(fileName: "rotating-arc.gif", size: 96, radius: 30, lineWidth: 5, sweep: 100,
                           frames: 24, delayCentiseconds: 4, deltaFrames: true),
        RotatingArcFixture(fileName: "rotating-arc-full-frames.gif", size: 64, radius: 20, lineWidth: 3, sweep: 270,
                           frames: 12, delayCentiseconds: 3, deltaFrames: false),
    ]

    static let background = RGBA(255, 255, 255)
    static let ink = RGBA(5, 154, 227)
    /// Coverage levels 0...16 → palette entries 0...16; entry 17 is the transparent index.
    static let levels = 16
    static let transparentIndex = 17

    static var palette: [RGBA] {
        var colors = (0...levels).map { level -> RGBA in
            func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
                UInt8((Int(a) * (levels - level) + Int(b) * level + levels / 2) / levels)
            }
            return RGBA(mix(background.r, ink.r), mix(background.g, ink.g), mix(background.b, ink.b))
        }
        colors.append(RGBA(255, 0, 255))  // never drawn: the transparent index
        return colors
    }

    func write(to path: String) throws {
        let encoder = try GIFEncoder(path: path, width: size, height: size, globalPalette: Self.palette,
                                     loopCount: 0, overwrite: true)
        var previous: [UInt8]?
        for frame in 0..<frames {
            let rotation = 360.0 * Double(frame) / Double(frames)
            let indices = render(startDegrees: rotation, endDegrees: rotation + sweep)
            if deltaFrames, let previous {
                try encoder.add(delta(from: previous, to: indices))
            } else {
                try encoder.add(GIFEncodedFrame(rect: PixelRect(x: 0, y: 0, width: size, height: size),
                                                indices: indices, delayCentiseconds: delayCentiseconds,
                                                disposal: .keep))
            }
            previous = indices
        }
        try encoder.finish()
    }

    /// Palette indices of the whole screen with the arc from `startDegrees` to `endDegrees`
    /// (clockwise from 12 o'clock).
    func render(startDegrees: Double, endDegrees: Double) -> [UInt8] {
        let centre = Double(size) / 2
        let inner = radius - lineWidth / 2, outer = radius + lineWidth / 2
        var out = [UInt8](repeating: 0, count: size * size)
        let samples = 4
        for y in 0..<size {
            for x in 0..<size {
                var hits = 0
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        let px = Double(x) + (Double(sx) + 0.5) / Double(samples) - centre
                        let py = Double(y) + (Double(sy) + 0.5) / Double(samples) - centre
                        let r = (px * px + py * py).squareRoot()
                        guard r >= inner && r <= outer else { continue }
                        // Clockwise from 12 o'clock with y down: atan2(x, -y).
                        var angle = atan2(px, -py) * 180 / Double.pi
                        if angle < 0 { angle += 360 }
                        var offset = angle - startDegrees.truncatingRemainder(dividingBy: 360)
                        if offset < 0 { offset += 360 }
                        if offset <= endDegrees - startDegrees { hits += 1 }
                    }
                }
                out[y * size + x] = UInt8((hits * Self.levels + samples * samples / 2) / (samples * samples))
            }
        }
        return out
    }

    /// The changed bounding box, unchanged pixels transparent.
    func delta(from previous: [UInt8], to current: [UInt8]) -> GIFEncodedFrame {
        var minX = size, minY = size, maxX = -1, maxY = -1
        for y in 0..<size {
            for x in 0..<size where previous[y * size + x] != current[y * size + x] {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        if maxX < 0 { minX = 0; minY = 0; maxX = 0; maxY = 0 }
        let rect = PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        var indices: [UInt8] = []
        indices.reserveCapacity(rect.width * rect.height)
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let i = y * size + x
                indices.append(previous[i] == current[i] ? UInt8(Self.transparentIndex) : current[i])
            }
        }
        return GIFEncodedFrame(rect: rect, indices: indices, delayCentiseconds: delayCentiseconds,
                               disposal: .keep, transparentIndex: Self.transparentIndex)
    }
}
