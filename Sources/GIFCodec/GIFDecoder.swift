internal import CGIFLib
import Raster

/// Reads a GIF one frame at a time with giflib's record API and composites each frame as
/// Chrome and Firefox do. Memory stays at a canvas, one saved region and one row of indices,
/// whatever the number of frames.
///
/// ```swift
/// let decoder = try GIFDecoder(path: "spinner.gif")
/// while let frame = try decoder.next() { use(frame.image) }
/// print(decoder.loopCount as Any, decoder.warnings)
/// ```
public final class GIFDecoder {
    /// The path as given.
    public let file: String
    public let screen: GIFScreen
    /// The NETSCAPE2.0 (or ANIMEXTS1.0) loop count: `nil` when the file has none (play once),
    /// 0 for forever. Known once the block has been read; final after the last frame.
    public private(set) var loopCount: Int?
    /// Number of comment extensions seen so far.
    public private(set) var commentCount = 0
    /// File-level warnings (frame warnings are on each frame), in the order they arose.
    public private(set) var warnings: [GIFWarning] = []
    /// Frames returned so far.
    public private(set) var framesDecoded = 0
    /// Bytes of the file (for reports).
    public var fileSize: Int { source.size }

    private let options: GIFDecodeOptions
    private let source: InputSource
    private let gif: UnsafeMutablePointer<GifFileType>
    private let globalPalette: [RGBA]
    private var compositor: Compositor
    private var row: [UInt8] = []
    private var finished = false
    /// Pixels of every frame rectangle so far (limited by `maxTotalPixels`).
    private var pixelsSeen = 0
    private var control = PendingControl()

    /// The graphic control extension waiting for the next image.
    private struct PendingControl {
        var present = false
        var disposal = GIFDisposal.unspecified
        var delay = 0
        var transparentIndex: Int?
    }

    /// Opens `path` and reads the header, logical screen and global palette.
    public init(path: String, options: GIFDecodeOptions = GIFDecodeOptions()) throws(GIFError) {
        file = path
        self.options = options
        let source = try InputSource(path: path)
        self.source = source
        if source.size == 0 { throw GIFError(file: path, reason: .emptyFile) }
        let head = source.peekHead(16)
        guard head.count >= 3, head[0] == 0x47, head[1] == 0x49, head[2] == 0x46 else {
            throw GIFError(file: path, reason: .notAGIF(detected: FileSniffer.describe(head)))
        }
        var error: Int32 = 0
        let user = Unmanaged.passUnretained(source).toOpaque()
        guard let gif = DGifOpen(user, gifInputFunction, &error) else {
            throw GIFError(file: path, reason: Self.openFailure(code: error, offset: source.offset))
        }
        self.gif = gif
        let g = gif.pointee
        globalPalette = Self.palette(g.SColorMap)
        screen = GIFScreen(
            version: String(decoding: head.prefix(6), as: UTF8.self),
            width: Int(g.SWidth), height: Int(g.SHeight),
            globalPaletteSize: globalPalette.count,
            backgroundIndex: Int(g.SBackGroundColor), aspectByte: Int(g.AspectByte))
        if screen.width == 0 || screen.height == 0 {
            DGifCloseFile(gif, nil)
            throw GIFError(file: path, reason: .zeroSizeScreen(width: screen.width, height: screen.height))
        }
        if screen.width * screen.height > options.maxPixels {
            DGifCloseFile(gif, nil)
            throw GIFError(file: path, reason: .canvasTooLarge(
                width: screen.width, height: screen.height, limit: options.maxPixels))
        }
        compositor = Compositor(width: screen.width, height: screen.height)
    }

    deinit { DGifCloseFile(gif, nil) }

    /// The next displayed frame, or `nil` after the last one.
    public func next() throws(GIFError) -> GIFFrame? {
        guard let info = try advance(decodePixels: true) else { return nil }
        return GIFFrame(info: info, image: compositor.canvas)
    }

    /// The next displayed frame's stored description without decoding its pixels (a fast
    /// structure scan: the LZW data is skipped, so pixel warnings are not reported and the
    /// canvas is not updated). Do not mix with `next()` on one decoder.
    public func nextInfo() throws(GIFError) -> GIFFrameInfo? {
        try advance(decodePixels: false)
    }

    /// Reads up to the next image and decodes it onto the canvas (when asked); its description.
    private func advance(decodePixels: Bool) throws(GIFError) -> GIFFrameInfo? {
        while !finished {
            var type = UNDEFINED_RECORD_TYPE
            let before = source.offset
            guard DGifGetRecordType(gif, &type) == GIF_OK else {
                if before == source.size {
                    // All frames are complete; only the trailer is missing. Browsers play such files.
                    warnings.append(.missingTrailer)
                    finished = true
                    return nil
                }
                if gif.pointee.Error == D_GIF_ERR_WRONG_RECORD {
                    if framesDecoded > 0 {
                        warnings.append(.garbageAfterFrames(byte: source.lastByte, offset: before, frames: framesDecoded))
                        finished = true
                        return nil
                    }
                    return try stop(.truncated(part: "file (unexpected block before the first image)", frame: 0, decoded: 0))
                }
                return try stop(readFailure("block header"))
            }
            switch type {
            case IMAGE_DESC_RECORD_TYPE:
                if let frame = try readImage(decodePixels: decodePixels) { return frame }
            case EXTENSION_RECORD_TYPE:
                try readExtension()
            case TERMINATE_RECORD_TYPE:
                finished = true
                let rest = source.size - source.offset
                if rest > 0 { warnings.append(.trailingBytes(rest)) }
            default:
                return try stop(readFailure("block header"))
            }
        }
        return nil
    }

    // MARK: - Records

    private func readExtension() throws(GIFError) {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else {
            _ = try stop(readFailure("extension block"))
            return
        }
        var first = true
        var isLoopBlock = false
        while let b = block {
            let length = Int(b[0])
            let data = UnsafeBufferPointer(start: b + 1, count: length)
            switch code {
            case GRAPHICS_EXT_FUNC_CODE where first && length >= 4:
                // A later control block before the same image replaces an earlier one.
                control.present = true
                control.disposal = GIFDisposal(code: Int(data[0] >> 2) & 7)
                control.delay = Int(data[1]) | Int(data[2]) << 8
                control.transparentIndex = data[0] & 1 == 1 ? Int(data[3]) : nil
            case APPLICATION_EXT_FUNC_CODE where first:
                let name = String(decoding: data, as: UTF8.self)
                isLoopBlock = length == 11 && (name == "NETSCAPE2.0" || name == "ANIMEXTS1.0")
            case APPLICATION_EXT_FUNC_CODE where isLoopBlock && length >= 3 && data[0] == 1:
                // The first loop count wins, as in Chrome.
                if loopCount == nil { loopCount = Int(data[1]) | Int(data[2]) << 8 }
            case COMMENT_EXT_FUNC_CODE where first:
                commentCount += 1
            default:
                break
            }
            first = false
            guard DGifGetExtensionNext(gif, &block) == GIF_OK else {
                _ = try stop(readFailure("extension block"))
                return
            }
        }
        if code == COMMENT_EXT_FUNC_CODE && first { commentCount += 1 }
    }

    private func readImage(decodePixels: Bool) throws(GIFError) -> GIFFrameInfo? {
        guard DGifGetImageDesc(gif) == GIF_OK else {
            // giflib reads the LZW minimum code size last and refuses sizes above 8 with a
            // read error, which would otherwise look like truncation.
            if gif.pointee.Error == D_GIF_ERR_READ_FAILED && !source.atEnd && source.lastByte > 8 {
                return try stop(.unsupportedCodeSize(Int(source.lastByte), frame: framesDecoded, decoded: framesDecoded))
            }
            return try stop(readFailure("image descriptor or local colour table"))
        }
        // giflib keeps a record of every image it has seen; drop it so memory does not grow
        // with the frame count.
        GifFreeSavedImages(gif)
        gif.pointee.ImageCount = 0

        let desc = gif.pointee.Image
        let rect = PixelRect(x: Int(desc.Left), y: Int(desc.Top), width: Int(desc.Width), height: Int(desc.Height))
        let control = self.control
        self.control = PendingControl()

        if rect.isEmpty {
            warnings.append(.zeroSizeImage(afterFrame: framesDecoded - 1, width: rect.width,
                                           height: rect.height, delayCentiseconds: control.delay))
            try skipImageData()
            return nil
        }

        // Limits are errors even with --lenient: they protect the machine, not the data.
        if framesDecoded >= options.maxFrames {
            finished = true
            throw GIFError(file: file, reason: .tooManyFrames(limit: options.maxFrames))
        }
        let area = rect.width * rect.height
        if area > options.maxPixels {
            finished = true
            throw GIFError(file: file, reason: .frameTooLarge(frame: framesDecoded, width: rect.width, height: rect.height, limit: options.maxPixels))
        }
        pixelsSeen += area
        if pixelsSeen > options.maxTotalPixels {
            finished = true
            throw GIFError(file: file, reason: .tooMuchPixelData(frame: framesDecoded, limit: options.maxTotalPixels))
        }

        let local = Self.palette(desc.ColorMap)
        let palette = local.isEmpty ? globalPalette : local
        let index = framesDecoded
        var info = GIFFrameInfo(
            index: index, rect: rect, disposal: control.disposal,
            transparentIndex: control.transparentIndex, delayCentiseconds: control.delay,
            hasGraphicControl: control.present, localPaletteSize: local.count,
            interlaced: desc.Interlace, warnings: [])

        let visible = rect.intersection(PixelRect(x: 0, y: 0, width: screen.width, height: screen.height))
        if visible != rect {
            info.warnings.append(.clipped(frame: index, rect: rect, screenWidth: screen.width, screenHeight: screen.height))
        }
        if !decodePixels {
            try skipImageData()
            if finished { return nil }
            framesDecoded += 1
            return info
        }
        compositor.beginFrame(rect: visible, disposal: control.disposal)

        let lookup = ColorLookup(palette: palette, transparentIndex: control.transparentIndex)
        if row.count < rect.width { row = [UInt8](repeating: 0, count: rect.width) }
        var pastPalette = 0
        var rowsDone = 0
        var failure: GIFError?
        let width = rect.width
        lookup.words.withUnsafeBufferPointer { lut in
            row.withUnsafeMutableBufferPointer { buffer in
                let indices = UnsafeBufferPointer(buffer)
                for y in RowOrder(height: rect.height, interlaced: desc.Interlace) {
                    guard DGifGetLine(gif, buffer.baseAddress, Int32(width)) == GIF_OK else {
                        failure = imageDataFailure(frame: index)
                        return
                    }
                    rowsDone += 1
                    let canvasY = rect.y + y
                    guard !visible.isEmpty, canvasY >= visible.y, canvasY < visible.maxY else { continue }
                    pastPalette += compositor.drawRow(
                        indices, sourceOffset: visible.x - rect.x, x: visible.x, y: canvasY,
                        count: visible.width, lut: lut, paletteSize: palette.count)
                }
            }
        }
        if palette.isEmpty {
            info.warnings.append(.missingPalette(frame: index))
        } else if pastPalette > 0 {
            info.warnings.append(.indicesPastPalette(frame: index, paletteSize: palette.count, pixels: pastPalette))
        }
        if let failure {
            guard options.lenient, rowsDone > 0 else { return try stop(failure) }
            info.warnings.append(.partialFrame(frame: index, rows: rowsDone, of: rect.height))
            warnings.append(.stoppedEarly(failure.message))
            finished = true
        }
        framesDecoded += 1
        return info
    }

    /// Reads past the LZW data of an image that is not drawn.
    private func skipImageData() throws(GIFError) {
        var codeSize: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetCode(gif, &codeSize, &block) == GIF_OK else {
            _ = try stop(imageDataFailure(frame: framesDecoded))
            return
        }
        while block != nil {
            guard DGifGetCodeNext(gif, &block) == GIF_OK else {
                _ = try stop(imageDataFailure(frame: framesDecoded))
                return
            }
        }
    }

    // MARK: - Errors

    /// Throws `error`, or under `--lenient` records it and ends the animation here.
    private func stop(_ reason: GIFError.Reason) throws(GIFError) -> GIFFrameInfo? {
        try stop(GIFError(file: file, reason: reason))
    }

    private func stop(_ error: GIFError) throws(GIFError) -> GIFFrameInfo? {
        finished = true
        guard options.lenient else { throw error }
        warnings.append(.stoppedEarly(error.message))
        return nil
    }

    private func readFailure(_ part: String) -> GIFError.Reason {
        switch gif.pointee.Error {
        case D_GIF_ERR_NOT_ENOUGH_MEM: .outOfMemory
        default: .truncated(part: part, frame: framesDecoded, decoded: framesDecoded)
        }
    }

    private func imageDataFailure(frame: Int) -> GIFError {
        let reason: GIFError.Reason
        switch gif.pointee.Error {
        case D_GIF_ERR_IMAGE_DEFECT: reason = .corruptImageData(frame: frame, decoded: frame)
        case D_GIF_ERR_NOT_ENOUGH_MEM: reason = .outOfMemory
        case D_GIF_ERR_EOF_TOO_SOON where !source.atEnd:
            reason = .truncated(part: "image data (LZW end code before the last pixel)", frame: frame, decoded: frame)
        default: reason = .truncated(part: "image data", frame: frame, decoded: frame)
        }
        return GIFError(file: file, reason: reason)
    }

    private static func openFailure(code: Int32, offset: Int) -> GIFError.Reason {
        switch code {
        case D_GIF_ERR_NOT_GIF_FILE: return .notAGIF(detected: nil)
        case D_GIF_ERR_NOT_ENOUGH_MEM: return .outOfMemory
        default:
            if offset < 6 { return .truncatedHeader(part: "header") }
            if offset < 13 { return .truncatedHeader(part: "logical screen descriptor") }
            return .truncatedHeader(part: "global colour table")
        }
    }

    private static func palette(_ map: UnsafeMutablePointer<ColorMapObject>?) -> [RGBA] {
        guard let map, let colors = map.pointee.Colors else { return [] }
        let count = Int(map.pointee.ColorCount)
        return (0..<max(0, count)).map { RGBA(colors[$0].Red, colors[$0].Green, colors[$0].Blue) }
    }
}

/// Image rows in the order they are stored: top to bottom, or the four interlace passes
/// (every 8th row from 0, every 8th from 4, every 4th from 2, every 2nd from 1).
struct RowOrder: Sequence, IteratorProtocol {
    private static let starts = [0, 4, 2, 1]
    private static let steps = [8, 8, 4, 2]
    let height: Int
    let interlaced: Bool
    private var pass = 0
    private var y = 0

    init(height: Int, interlaced: Bool) {
        self.height = height
        self.interlaced = interlaced
    }

    mutating func next() -> Int? {
        guard interlaced else {
            guard y < height else { return nil }
            defer { y += 1 }
            return y
        }
        while pass < 4 {
            if y < height {
                defer { y += Self.steps[pass] }
                return y
            }
            pass += 1
            if pass < 4 { y = Self.starts[pass] }
        }
        return nil
    }
}
