import AnimationModel
import GIFCodec
import Raster
import StrokeGeometry

/// Renders a model along a recording schedule into a GIF, a frame at a time.
///
/// Two passes: the first renders every frame into a colour histogram (so the palette fits the
/// whole animation), the second renders again, maps to the palette and encodes. Rendering is
/// deterministic, so both passes draw the same pictures, and no more than two frames are held.
public struct AnimationRenderer: Sendable {
    public let renderer: FrameRenderer
    public let schedule: RecordingSchedule

    public init(renderer: FrameRenderer, schedule: RecordingSchedule) {
        self.renderer = renderer
        self.schedule = schedule
    }

    var settings: RenderSettings { renderer.settings }

    /// Transparency is needed for delta frames (unchanged pixels) and transparent canvases.
    var needsTransparency: Bool { settings.deltaFrames || settings.background == nil || (settings.background?.a ?? 255) < 128 }

    /// The palette for the whole animation.
    public func palette() -> Palette {
        var histogram = ColorHistogram()
        for frame in schedule.frames {
            histogram.add(renderer.render(at: frame.modelTime).image)
        }
        let builder = PaletteBuilder(maxColors: settings.colors, reserveTransparent: needsTransparency)
        return builder.palette(for: histogram)
    }

    /// Writes the GIF to `path` (an existing file is replaced only with `overwrite`) and calls
    /// `frameWritten` after each frame with its exact state.
    public func write(to path: String, overwrite: Bool, frameWritten: (RenderedFrame) -> Void = { _ in }) throws(GIFError) {
        let palette = palette()
        var mapper = PaletteMapper(palette: palette)
        let encoder = try GIFEncoder(path: path, width: settings.width, height: settings.height, globalPalette: palette.colors,
                                     backgroundIndex: 0, loopCount: settings.loopCount, overwrite: overwrite)
        let transparent = palette.transparentIndex
        let full = PixelRect(x: 0, y: 0, width: settings.width, height: settings.height)
        var previous: [UInt8]?
        for frame in schedule.frames {
            let (image, truths) = renderer.render(at: frame.modelTime)
            let indices = mapper.indices(for: image, dithering: settings.dithering)
            let delay = frame.delayCentiseconds
            if settings.background == nil, settings.deltaFrames, let t = transparent {
                // A transparent canvas cannot show "pixel became transparent" with a keep
                // disposal: write the content's bounding box and clear it after display.
                let rect = Self.bounds(of: indices, width: settings.width, where: { $0 != UInt8(t) }) ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
                try encoder.add(GIFEncodedFrame(rect: rect, indices: Self.crop(indices, width: settings.width, to: rect),
                                                delayCentiseconds: delay, disposal: .background, transparentIndex: t))
            } else if settings.deltaFrames, let t = transparent, let before = previous {
                let rect = Self.changedBounds(before, indices, width: settings.width) ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
                var cropped = Self.crop(indices, width: settings.width, to: rect)
                var k = 0
                for y in rect.y..<rect.maxY {
                    for x in rect.x..<rect.maxX {
                        if before[y * settings.width + x] == indices[y * settings.width + x] { cropped[k] = UInt8(t) }
                        k += 1
                    }
                }
                try encoder.add(GIFEncodedFrame(rect: rect, indices: cropped, delayCentiseconds: delay, disposal: .keep,
                                                transparentIndex: t))
            } else {
                try encoder.add(GIFEncodedFrame(rect: full, indices: indices, delayCentiseconds: delay,
                                                disposal: settings.background == nil ? .background : .keep,
                                                transparentIndex: transparent))
            }
            previous = indices
            frameWritten(RenderedFrame(schedule: frame, layers: truths))
        }
        try encoder.finish()
    }

    static func changedBounds(_ a: [UInt8], _ b: [UInt8], width: Int) -> PixelRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for i in 0..<a.count where a[i] != b[i] {
            let x = i % width, y = i / width
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    static func bounds(of indices: [UInt8], width: Int, where keep: (UInt8) -> Bool) -> PixelRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for (i, v) in indices.enumerated() where keep(v) {
            let x = i % width, y = i / width
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    static func crop(_ indices: [UInt8], width: Int, to rect: PixelRect) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(rect.width * rect.height)
        for y in rect.y..<rect.maxY {
            out.append(contentsOf: indices[(y * width + rect.x)..<(y * width + rect.maxX)])
        }
        return out
    }
}
