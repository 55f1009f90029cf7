internal import CFFmpeg
import OutputFiles
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes FFmpeg's muxer writes, sent to an `OutputFile` (a temporary file renamed into place
/// when complete) through a custom AVIOContext. The MP4 and QuickTime muxers seek back to patch
/// sizes, so the context seeks the descriptor too.
///
/// The first system error is kept (`writeError`): FFmpeg only sees a negative code, the user is
/// told the system's words ("No space left on device").
final class MovieOutput {
    let path: String
    let file: OutputFile
    private(set) var context: UnsafeMutablePointer<AVIOContext>?
    /// The system's explanation of the first failed write or seek.
    var writeError: String?

    init(path: String, overwrite: Bool) throws(MovieEncodingError) {
        self.path = path
        do { file = try OutputFile(path: path, overwrite: overwrite) } catch {
            switch error {
            case .exists: throw MovieEncodingError(file: path, reason: .outputExists)
            case .cannotCreate(_, let why), .cannotWrite(_, let why): throw MovieEncodingError(file: path, reason: .cannotCreate(why))
            }
        }
        // FFmpeg owns (and may replace) the buffer: it comes from av_malloc and is freed in deinit.
        let size = 64 * 1024
        guard let buffer = ffmpeg.av_malloc(size)?.assumingMemoryBound(to: UInt8.self) else {
            throw MovieEncodingError(file: path, reason: .ffmpeg(step: "allocating the output buffer", message: "out of memory"))
        }
        let opaque = Unmanaged.passUnretained(self).toOpaque()
        guard let io = strokescope_avio_alloc_writer(ffmpeg.table, buffer, Int32(size), opaque, movieOutputWrite, movieOutputSeek) else {
            ffmpeg.av_free(buffer)
            throw MovieEncodingError(file: path, reason: .ffmpeg(step: "allocating the output context", message: "out of memory"))
        }
        context = io
    }

    deinit {
        closeContext()
        file.discard()
    }

    /// Flushes FFmpeg's buffer: `nil`, or the system's explanation of a failed write.
    func flush() -> String? {
        guard let context else { return writeError }
        ffmpeg.avio_flush(context)
        if writeError == nil, context.pointee.error < 0 { writeError = averrorText(context.pointee.error) }
        return writeError
    }

    /// Flushes, frees FFmpeg's context and puts the file in place.
    func commit() throws(MovieEncodingError) {
        if let why = flush() {
            closeContext()
            file.discard()
            throw MovieEncodingError(file: path, reason: .cannotWrite(why))
        }
        closeContext()
        do { try file.commit() } catch {
            switch error {
            case .exists: throw MovieEncodingError(file: path, reason: .outputExists)
            case .cannotCreate(_, let why): throw MovieEncodingError(file: path, reason: .cannotCreate(why))
            case .cannotWrite(_, let why): throw MovieEncodingError(file: path, reason: .cannotWrite(why))
            }
        }
    }

    private func closeContext() {
        guard context != nil else { return }
        if let buffer = context?.pointee.buffer { ffmpeg.av_free(buffer) }
        ffmpeg.avio_context_free(&context)
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        if writeError != nil { return -EIO }
        let code = writeFully(file.descriptor, bytes)
        guard code == 0 else {
            writeError = String(cString: strerror(code))
            return -code
        }
        return Int32(bytes.count)
    }

    func seek(_ offset: Int64, _ whence: Int32) -> Int64 {
        if whence & AVSEEK_SIZE != 0 {
            var info = stat()
            guard fstat(file.descriptor, &info) == 0 else { return Int64(-errno) }
            return Int64(info.st_size)
        }
        let position = lseek(file.descriptor, off_t(offset), whence & ~AVSEEK_FORCE)
        guard position >= 0 else {
            let code = errno
            if writeError == nil { writeError = String(cString: strerror(code)) }
            return Int64(-code)
        }
        return Int64(position)
    }
}

/// FFmpeg's error text for a negative return code.
func averrorText(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    if ffmpeg.av_strerror(code, &buffer, buffer.count) < 0 { return "FFmpeg error \(code)" }
    let end = buffer.firstIndex(of: 0) ?? buffer.count
    return String(decoding: buffer[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

private let movieOutputWrite: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, Int32) -> Int32 = { opaque, buffer, size in
    guard let opaque, let buffer, size >= 0 else { return -EINVAL }
    let output = Unmanaged<MovieOutput>.fromOpaque(opaque).takeUnretainedValue()
    return output.write(UnsafeRawBufferPointer(start: buffer, count: Int(size)))
}

private let movieOutputSeek: @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64 = { opaque, offset, whence in
    guard let opaque else { return Int64(-EINVAL) }
    return Unmanaged<MovieOutput>.fromOpaque(opaque).takeUnretainedValue().seek(offset, whence)
}
