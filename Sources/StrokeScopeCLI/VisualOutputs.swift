import Inspection
import CLIArguments
import GIFCodec
import PNGCodec
import Raster
import Rendering
import Reporting
import Reports

/// `--svg`, `--html` and `--overlay`: the pictures `inspect` and `fit` can write besides their
/// tables. Paths are checked before any work starts; nothing is overwritten without `--force`.
struct VisualOutputs {
    var svg: String?
    var html: String?
    var overlay: String?
    var force = false

    static let svgOption = OptionSpec.option("svg", value: "file.svg", help: "Also write a plot: measured strokeStart/strokeEnd per frame as dots (with fit, also the fitted model as lines and timing errors below).")
    static let htmlOption = OptionSpec.option("html", value: "file.html", help: "Also write a self-contained HTML report: verdict, summary, plot, every frame with the measured ends (and model) drawn on it, and the per-frame table.")
    static let overlayOption = OptionSpec.option("overlay", value: "file.gif", help: "Also write the animation with the model's stroke (thin magenta) and the measured ends (blue start, orange end) drawn on every frame, same timing.")
    static let options: [OptionSpec] = [svgOption, htmlOption, overlayOption, SharedOptions.force]

    static func read(_ args: ParsedArguments) throws(CLIError) -> VisualOutputs {
        let v = VisualOutputs(svg: args.value("svg"), html: args.value("html"), overlay: args.value("overlay"), force: args.flag("force"))
        let paths = [v.svg, v.html, v.overlay].compactMap { $0 }
        if Set(paths).count < paths.count {
            throw CLIError("--svg, --html and --overlay must name different files", exitCode: CLIError.Code.usage)
        }
        for path in paths { try OutputPaths.checkFile(path, force: v.force) }
        return v
    }

    var needsFramePass: Bool { html != nil || overlay != nil }

    /// Writes the requested files for `inspection` (and its fit). The report is built only for
    /// the HTML page: its per-frame table costs as much as the JSON on a long recording.
    func write(inspection: Inspection, fit: FitReport?, report: @autoclosure () -> Report, decode: GIFDecodeOptions, progress: Progress) throws(CLIError) {
        let plotSVG = (svg != nil || html != nil) ? PlotBuilder.plot(inspection, fit: fit).svgText() : nil
        if let svg, let plotSVG {
            try writeText(plotSVG, to: svg, overwrite: force)
        }
        guard needsFramePass else { return }
        let marks = fit.map { PlotBuilder.frameMarks($0) } ?? PlotBuilder.FrameMarks()
        let overlays = FrameOverlays(inspection: inspection, fit: fit?.result)
        var page: HTMLReportPage?
        var htmlFile: TextFileWriter?
        if let html {
            var p = HTMLReportPage(report: report(), plotSVG: plotSVG, failingFrames: marks.failing, flaggedFrames: marks.flagged,
                                   overlayLegend: OverlayStyle().legend.filter { fit != nil || !$0.text.hasPrefix("model") })
            if let fit, !fit.thresholds.isEmpty { p.verdict = .init(pass: fit.failures.isEmpty, failures: fit.failures) }
            page = p
            htmlFile = try TextFileWriter(path: html, overwrite: force)
            try htmlFile?.write(p.head())
        }
        var gif: OverlayGIFWriter?
        if let overlay {
            gif = OverlayGIFWriter(path: overlay, width: inspection.canvasWidth, height: inspection.canvasHeight, overwrite: force)
        }
        do {
            let decoder = try RecordingDecoder(path: inspection.file, format: inspection.format, decoding: decode)
            var i = 0
            progress.start(label: "drawing", total: inspection.frames.count)
            while i < inspection.frames.count, let frame = try decoder.next() {
                let marksOfFrame = overlays.overlay(i)
                if let gif {
                    var image = frame.image
                    marksOfFrame.paint(on: &image)
                    // A movie's frame shows for its timestamps' duration, to the nearest centisecond
                    // (the overlay is a GIF); a GIF's keeps its stored delay.
                    let delay = frame.movie.map { OverlayGIFWriter.delayCentiseconds(time: $0.time, duration: $0.duration) }
                        ?? frame.info.delayCentiseconds
                    try gif.add(image, original: frame.image, delayCentiseconds: delay, loopCount: decoder.loopCount)
                }
                if let htmlFile {
                    var thumb = frame.image.resized(toAbout: 320)
                    marksOfFrame.paint(on: &thumb, scale: Double(thumb.width) / Double(max(frame.image.width, 1)))
                    let info = inspection.frames[i]
                    let png: [UInt8]
                    do { png = try thumb.pngBytes() } catch { throw CLIError.png(error) }
                    let index = info.info.index
                    try htmlFile.write(HTMLReportPage.figure(.init(frame: index, caption: "\(index) · \(fixed(milliseconds(info.time), 0)) ms", png: png,
                                                                   failing: marks.failing.contains(index), flagged: marks.flagged.contains(index))))
                }
                i += 1
                progress.update(i)
            }
            progress.finish()
        } catch let error as InspectionError {
            throw CLIError.inspection(error)
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError("\(inspection.file): \(error)", exitCode: CLIError.Code.internalError)
        }
        try gif?.finish()
        if let htmlFile, let page {
            try htmlFile.write(page.tail())
            try htmlFile.finish()
        }
    }
}

/// Writes full frames, each with its own palette (exact when the frame has at most 256
/// colours, else Wu's quantiser), so the overlay keeps the recording's colours.
final class OverlayGIFWriter {
    let path: String
    private let width: Int, height: Int
    private let overwrite: Bool
    private var encoder: GIFEncoder?

    init(path: String, width: Int, height: Int, overwrite: Bool) {
        self.path = path
        self.width = width
        self.height = height
        self.overwrite = overwrite
    }

    /// Adds a frame (`image`, the overlay drawn on `original`); the first one creates the file,
    /// with the input's loop count (known once its first frame is decoded; `nil`: play once, as
    /// the input).
    func add(_ image: RGBAImage, original: RGBAImage, delayCentiseconds: Int, loopCount: Int?) throws(CLIError) {
        if encoder == nil {
            do {
                encoder = try GIFEncoder(path: path, width: width, height: height, globalPalette: nil, backgroundIndex: 0,
                                         loopCount: loopCount, overwrite: overwrite)
            } catch { throw CLIError.gif(error) }
        }
        guard let encoder else { return }
        let palette = Self.palette(for: image, original: original)
        var mapper = PaletteMapper(palette: palette)
        let indices = mapper.indices(for: image)
        do {
            try encoder.add(GIFEncodedFrame(rect: PixelRect(x: 0, y: 0, width: width, height: height), indices: indices,
                                            localPalette: palette.colors, delayCentiseconds: delayCentiseconds,
                                            disposal: palette.transparentIndex != nil ? .background : .keep,
                                            transparentIndex: palette.transparentIndex))
        } catch { throw CLIError.gif(error) }
    }

    /// The recording's own colours kept exactly, plus the overlay's three (their anti-aliased
    /// edges take the nearest entry): a GIF frame composited from palettes nearly always has
    /// few enough. Otherwise Wu's quantiser over the drawn frame.
    static func palette(for image: RGBAImage, original: RGBAImage) -> Palette {
        var histogram = ColorHistogram()
        histogram.add(original)
        let transparent = histogram.transparentPixelCount > 0
        let style = OverlayStyle()
        let extra = [style.modelColor, style.startColor, style.endColor]
        if let exact = histogram.exactColors, exact.count + extra.count + (transparent ? 1 : 0) <= Palette.maxCount {
            var colors = exact.map(\.color)
            for c in extra where !colors.contains(c) { colors.append(c) }
            if transparent { colors.append(.transparent) }
            return Palette(colors: colors, transparentIndex: transparent ? colors.count - 1 : nil)
        }
        var drawn = ColorHistogram()
        drawn.add(image)
        return PaletteBuilder(maxColors: 256, reserveTransparent: drawn.transparentPixelCount > 0, refinementPasses: 1).palette(for: drawn)
    }

    func finish() throws(CLIError) {
        do { _ = try encoder?.finish() } catch { throw CLIError.gif(error) }
    }

    /// A movie frame's delay in the overlay GIF: rounded from the frame's start and end times
    /// (so the roundings do not add up), and at most 65535 cs, the longest a GIF frame can
    /// show. A movie frame can last longer (an idle screen recording's frame, or a container's
    /// absurd stream end), which the GIF encoder refuses as an invalid frame (exit 70) and
    /// which, past ±9.2e16 s, made `Int(_:)` trap.
    static func delayCentiseconds(time: Double, duration: Double) -> Int {
        let centiseconds = ((time + duration) * 100).rounded() - (time * 100).rounded()
        guard centiseconds.isFinite else { return centiseconds > 0 ? 65535 : 0 }  // NaN: 0
        return Int(min(max(centiseconds, 0), 65535))
    }
}
