internal import CGIFLib
import Raster
import OutputFiles
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a GIF89a with giflib's EGif API, one frame at a time.
///
/// ```swift
/// let encoder = try GIFEncoder(width: 64, height: 64, globalPalette: palette, loopCount: 0)
/// try encoder.add(frame)
/// let bytes = try encoder.finish()            // or GIFEncoder(path:...) and finish() writes it
/// ```
public final class GIFEncoder {
    public let width: Int
    public let height: Int
    private let sink: OutputSink
    private let gif: UnsafeMutablePointer<GifFileType>
    private let globalPaletteSize: Int
    private var closed = false

    /// An encoder that writes to `path`. An existing file is replaced only when `overwrite` is set.
    public convenience init(path: String, width: Int, height: Int, globalPalette: [RGBA]?,
                            backgroundIndex: Int = 0, loopCount: Int? = 0, overwrite: Bool = false) throws(GIFError) {
        let sink = try OutputSink(path: path, overwrite: overwrite)
        try self.init(sink: sink, width: width, height: height, globalPalette: globalPalette,
                      backgroundIndex: backgroundIndex, loopCount: loopCount)
    }

    /// An encoder that collects the file in memory; `finish()` returns the bytes.
    public convenience init(width: Int, height: Int, globalPalette: [RGBA]?,
                            backgroundIndex: Int = 0, loopCount: Int? = 0) throws(GIFError) {
        try self.init(sink: OutputSink(), width: width, height: height, globalPalette: globalPalette,
                      backgroundIndex: backgroundIndex, loopCount: loopCount)
    }

    private init(sink: OutputSink, width: Int, height: Int, globalPalette: [RGBA]?,
                 backgroundIndex: Int, loopCount: Int?) throws(GIFError) {
        let name = sink.path ?? "(memory)"
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw GIFError(file: name, reason: .invalidFrame("screen \(width)×\(height) is outside 1...65535"))
        }
        self.width = width
        self.height = height
        self.sink = sink
        var error: Int32 = 0
        guard let gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), gifOutputFunction, &error) else {
            throw GIFError(file: name, reason: .outOfMemory)
        }
        self.gif = gif
        EGifSetGifVersion(gif, true)
        globalPaletteSize = globalPalette.map { Self.paddedCount($0.count) } ?? 0
        let status = Self.withColorMap(globalPalette) { map in
            EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, Int32(backgroundIndex), map)
        }
        guard status == GIF_OK else { throw failure("screen descriptor") }
        if let loopCount {
            let loop = UInt16(clamping: loopCount)
            var name = Array("NETSCAPE2.0".utf8)
            var data: [UInt8] = [1, UInt8(loop & 0xFF), UInt8(loop >> 8)]
            guard EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK,
                  EGifPutExtensionBlock(gif, 11, &name) == GIF_OK,
                  EGifPutExtensionBlock(gif, 3, &data) == GIF_OK,
                  EGifPutExtensionTrailer(gif) == GIF_OK
            else { throw failure("loop count") }
        }
    }

    deinit {
        if !closed { EGifCloseFile(gif, nil) }
    }

    /// Appends one image and its graphic control extension.
    public func add(_ frame: GIFEncodedFrame) throws(GIFError) {
        let name = sink.path ?? "(memory)"
        let r = frame.rect
        guard !closed else { throw GIFError(file: name, reason: .invalidFrame("the file is already finished")) }
        guard r.x >= 0, r.y >= 0, r.width >= 1, r.height >= 1, r.maxX <= 65535, r.maxY <= 65535 else {
            throw GIFError(file: name, reason: .invalidFrame("frame rectangle \(r) is not storable"))
        }
        guard frame.indices.count == r.width * r.height else {
            throw GIFError(file: name, reason: .invalidFrame("\(frame.indices.count) indices for a \(r.width)×\(r.height) frame"))
        }
        let paletteSize = frame.localPalette.map { Self.paddedCount($0.count) } ?? globalPaletteSize
        guard paletteSize > 0 else {
            throw GIFError(file: name, reason: .invalidFrame("no local or global colour table"))
        }
        if let maxIndex = frame.indices.max(), Int(maxIndex) >= paletteSize {
            throw GIFError(file: name, reason: .invalidFrame("index \(maxIndex) is past the \(paletteSize)-colour palette"))
        }
        guard (0...65535).contains(frame.delayCentiseconds) else {
            throw GIFError(file: name, reason: .invalidFrame("delay \(frame.delayCentiseconds) cs is outside 0...65535"))
        }

        var control = GraphicsControlBlock(
            DisposalMode: Int32(frame.disposal.rawValue), UserInputFlag: false,
            DelayTime: Int32(frame.delayCentiseconds),
            TransparentColor: Int32(frame.transparentIndex ?? Int(NO_TRANSPARENT_COLOR)))
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        guard EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), &extensionBytes) == GIF_OK else {
            throw failure("graphic control extension")
        }
        let status = Self.withColorMap(frame.localPalette) { map in
            EGifPutImageDesc(gif, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height), frame.interlaced, map)
        }
        guard status == GIF_OK else { throw failure("image descriptor") }
        var line = [UInt8](repeating: 0, count: r.width)
        for y in RowOrder(height: r.height, interlaced: frame.interlaced) {
            let start = y * r.width
            line.replaceSubrange(0..<r.width, with: frame.indices[start..<start + r.width])
            guard EGifPutLine(gif, &line, Int32(r.width)) == GIF_OK else { throw failure("image data") }
        }
    }

    /// Writes the trailer and closes the output; returns the bytes when encoding to memory
    /// (empty when writing a file).
    @discardableResult
    public func finish() throws(GIFError) -> [UInt8] {
        let name = sink.path ?? "(memory)"
        guard !closed else { throw GIFError(file: name, reason: .invalidFrame("the file is already finished")) }
        closed = true
        var error: Int32 = 0
        guard EGifCloseFile(gif, &error) == GIF_OK else {
            throw GIFError(file: name, reason: .cannotWrite(Self.describe(error)))
        }
        try sink.close()
        return sink.bytes
    }

    // MARK: - Helpers

    private func failure(_ part: String) -> GIFError {
        let name = sink.path ?? "(memory)"
        if let why = sink.writeError { return GIFError(file: name, reason: .cannotWrite(why)) }
        return GIFError(file: name, reason: .cannotWrite("\(part): \(Self.describe(gif.pointee.Error))"))
    }

    private static func describe(_ code: Int32) -> String {
        if let text = GifErrorString(code) { return String(cString: text) }
        return "giflib error \(code)"
    }

    /// GIF colour tables hold 2, 4, ..., 256 entries.
    static func paddedCount(_ count: Int) -> Int {
        var n = 2
        while n < count && n < 256 { n *= 2 }
        return n
    }

    private static func withColorMap(_ palette: [RGBA]?, _ body: (UnsafeMutablePointer<ColorMapObject>?) -> Int32) -> Int32 {
        guard let palette else { return body(nil) }
        let count = paddedCount(palette.count)
        var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: count)
        for (i, c) in palette.prefix(256).enumerated() { colors[i] = GifColorType(Red: c.r, Green: c.g, Blue: c.b) }
        guard let map = GifMakeMapObject(Int32(count), &colors) else { return GIF_ERROR }
        defer { GifFreeMapObject(map) }
        return body(map)
    }
}

/// Where encoded bytes go: an output file that appears only when complete (`OutputFile`,
/// buffered through stdio), or memory.
final class OutputSink {
    let path: String?
    private var output: OutputFile?
    private var file: UnsafeMutablePointer<FILE>?
    private(set) var bytes: [UInt8] = []
    private(set) var writeError: String?

    init() { path = nil }

    init(path: String, overwrite: Bool) throws(GIFError) {
        self.path = path
        let output: OutputFile
        do { output = try OutputFile(path: path, overwrite: overwrite) } catch {
            switch error {
            case .exists: throw GIFError(file: path, reason: .outputExists)
            case .cannotCreate(_, let why), .cannotWrite(_, let why): throw GIFError(file: path, reason: .cannotCreate(why))
            }
        }
        // stdio on a copy of the descriptor: giflib writes in small pieces; fclose closes the copy.
        guard let f = fdopen(dup(output.descriptor), "wb") else {
            throw GIFError(file: path, reason: .cannotCreate(String(cString: strerror(errno))))
        }
        self.output = output
        file = f
    }

    deinit { if let file { fclose(file) } }

    func write(_ buffer: UnsafePointer<UInt8>, count: Int) -> Int {
        guard let file else {
            bytes.append(contentsOf: UnsafeBufferPointer(start: buffer, count: count))
            return count
        }
        let n = fwrite(buffer, 1, count, file)
        if n < count && writeError == nil { writeError = String(cString: strerror(errno)) }
        return n
    }

    /// Flushes and puts the file in place; after a failure nothing is left at the path.
    func close() throws(GIFError) {
        guard let f = file, let output, let path else { return }
        file = nil
        self.output = nil
        if fclose(f) != 0 && writeError == nil { writeError = String(cString: strerror(errno)) }
        if let writeError {
            output.discard()
            throw GIFError(file: path, reason: .cannotWrite(writeError))
        }
        do { try output.commit() } catch {
            switch error {
            case .exists: throw GIFError(file: path, reason: .outputExists)
            case .cannotCreate(_, let why): throw GIFError(file: path, reason: .cannotCreate(why))
            case .cannotWrite(_, let why): throw GIFError(file: path, reason: .cannotWrite(why))
            }
        }
    }
}

/// giflib's output callback: `UserData` carries the `OutputSink`.
let gifOutputFunction: OutputFunc = { gif, buffer, length in
    guard let gif, let buffer, length > 0, let user = gif.pointee.UserData else { return 0 }
    let sink = Unmanaged<OutputSink>.fromOpaque(user).takeUnretainedValue()
    return Int32(sink.write(buffer, count: Int(length)))
}
