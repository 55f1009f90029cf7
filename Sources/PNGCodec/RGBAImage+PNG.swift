internal import CLibPNG
public import Raster
internal import OutputFiles
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

extension RGBAImage {
    /// This image as the bytes of an 8-bit RGBA PNG file, alpha kept as is. The same pixels
    /// always give the same bytes (libpng's simplified writer adds no time stamps).
    public func pngBytes() throws(PNGError) -> [UInt8] {
        guard isStorableSize(self) else {
            throw .unsupportedSize(path: nil, width: width, height: height)
        }
        // One compression pass in the usual case: start from a buffer a little over the raw
        // size (incompressible data grows only by chunk and block headers), and retry with
        // the size libpng reports only if that guess was short.
        let raw = width * height * 4
        var capacity = raw + raw / 256 + 4096
        while true {
            var control = makeRGBAControl(width: width, height: height)
            var size = png_alloc_size_t(capacity)
            var succeeded = false
            let bytes = pixels.withUnsafeBytes { source in
                [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                    succeeded = png_image_write_to_memory(
                        &control, buffer.baseAddress, &size, 0, source.baseAddress, 0, nil) != 0
                    count = succeeded ? Int(size) : 0
                }
            }
            if succeeded {
                // Hand back an array that does not hold on to the unused part of the guess.
                return bytes.count < capacity / 2 ? bytes.withUnsafeBufferPointer { Array($0) } : bytes
            }
            guard Int(size) > capacity else {
                throw .cannotEncode(path: nil, reason: libpngMessage(control))
            }
            capacity = Int(size)
        }
    }

    /// Writes this image as an 8-bit RGBA PNG file at `path`, alpha kept; the bytes are those
    /// of `pngBytes()`. An existing file (or a link to one) is never replaced unless `overwrite`
    /// is true, even if it appears between a caller's check and this call. The file appears at
    /// `path` only once it is complete (written beside it and renamed, `OutputFile`): when writing
    /// fails, nothing is left there and a file being overwritten keeps its old contents.
    public func writePNG(toFile path: String, overwrite: Bool = false) throws(PNGError) {
        guard isStorableSize(self) else {
            throw .unsupportedSize(path: path, width: width, height: height)
        }
        let output: OutputFile
        do { output = try OutputFile(path: path, overwrite: overwrite) } catch {
            switch error {
            case .exists: throw .fileExists(path: path)
            case .cannotCreate(_, let reason), .cannotWrite(_, let reason): throw .cannotCreate(path: path, reason: reason)
            }
        }
        func fail(_ reason: String) -> PNGError {
            output.discard()
            return .cannotWrite(path: path, reason: reason)
        }
        // stdio on a copy of the descriptor (fclose closes the copy; commit closes the original).
        guard let file = fdopen(dup(output.descriptor), "wb") else {
            throw fail(systemErrorMessage(errno))
        }
        // Streaming through stdio keeps memory flat however large the image is.
        var control = makeRGBAControl(width: width, height: height)
        let written = pixels.withUnsafeBytes { source in
            png_image_write_to_stdio(&control, file, 0, source.baseAddress, 0, nil) != 0
        }
        let writeFailure = written ? nil : libpngMessage(control)
        // fclose flushes the last buffered bytes, so a full disk may only show up here.
        let closed = fclose(file) == 0
        let closeFailure = closed ? nil : systemErrorMessage(errno)
        if let reason = writeFailure ?? closeFailure { throw fail(reason) }
        do { try output.commit() } catch {
            switch error {
            case .exists: throw .fileExists(path: path)
            case .cannotCreate(_, let reason): throw .cannotCreate(path: path, reason: reason)
            case .cannotWrite(_, let reason): throw .cannotWrite(path: path, reason: reason)
            }
        }
    }

    /// Reads the PNG file at `path`, whatever its colour type or bit depth, as 8-bit
    /// straight-alpha RGBA (images without alpha come out opaque).
    public init(pngFile path: String) throws(PNGError) {
        guard let file = fopen(path, "rb") else {
            throw .cannotRead(path: path, reason: systemErrorMessage(errno))
        }
        defer { fclose(file) }
        // fopen succeeds on a directory on Linux; say so plainly instead of a libpng read error.
        var status = stat()
        if fstat(fileno(file), &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
            throw .cannotRead(path: path, reason: systemErrorMessage(EISDIR))
        }
        var control = makeRGBAControl()
        guard png_image_begin_read_from_stdio(&control, file) != 0 else {
            throw .invalidPNG(path: path, reason: libpngMessage(control))
        }
        self = try finishReadingRGBA(&control, path: path).get()
    }

    /// Decodes PNG file bytes, whatever their colour type or bit depth, as 8-bit
    /// straight-alpha RGBA (images without alpha come out opaque).
    public init(pngBytes bytes: [UInt8]) throws(PNGError) {
        // libpng would report an empty buffer as an "invalid argument" to one of its functions.
        guard !bytes.isEmpty else { throw .invalidPNG(path: nil, reason: "no data") }
        let result = bytes.withUnsafeBytes { data -> Result<RGBAImage, PNGError> in
            var control = makeRGBAControl()
            // libpng reads from `data` until finish_read, so both calls stay inside this closure.
            guard png_image_begin_read_from_memory(&control, data.baseAddress, data.count) != 0 else {
                return .failure(.invalidPNG(path: nil, reason: libpngMessage(control)))
            }
            return finishReadingRGBA(&control, path: nil)
        }
        self = try result.get()
    }
}

