internal import CFFmpeg
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open QuickTime/MPEG-4 file and its video stream, through libavformat's `mov` demuxer
/// alone: nothing else is probed, so a file that only looks like a movie cannot send FFmpeg
/// down another format's parser. Shared by the decoder and the timestamp scan.
final class MovieContainer {
    let file: String
    let format: UnsafeMutablePointer<AVFormatContext>
    let streamIndex: Int32
    let stream: UnsafeMutablePointer<AVStream>

    init(path: String, options: MovieDecodeOptions) throws(MovieError) {
        file = path
        if let why = ffmpeg.require() { throw MovieError(file: path, reason: .ffmpegUnavailable(why)) }
        Self.quietLogging
        let head = try Self.head(of: path)
        guard MovieSniffer.isMovie(head) else { throw MovieError(file: path, reason: .notAMovie) }
        var context: UnsafeMutablePointer<AVFormatContext>? = nil
        let opened = ffmpeg.avformat_open_input(&context, path, ffmpeg.av_find_input_format("mov"), nil)
        guard opened >= 0, let context else {
            // The mov demuxer allocates what the header's counts and sizes ask for; a damaged
            // field asks for more than can be allocated (over av_malloc's limit), which it
            // reports as out of memory. Reading a header needs little memory: the file is to
            // blame.
            if opened == strokescope_averror_enomem() {
                throw MovieError(file: path, reason: .unreadableContainer("its header asks for more memory than can be allocated: a damaged count or size"))
            }
            // The mov demuxer says "moov atom not found" as invalid data; tell it apart from
            // other damage by looking for the box ourselves.
            if !TopLevelBoxes.contains("moov", in: path) { throw MovieError(file: path, reason: .missingIndex) }
            throw MovieError(file: path, reason: .unreadableContainer(Self.text(of: opened)))
        }
        format = context
        let best = ffmpeg.av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard best >= 0, let stream = context.pointee.streams[Int(best)] else {
            var owned: UnsafeMutablePointer<AVFormatContext>? = context
            ffmpeg.avformat_close_input(&owned)
            throw MovieError(file: path, reason: .noVideoStream)
        }
        if stream.pointee.codecpar.pointee.width <= 0 || stream.pointee.codecpar.pointee.height <= 0 {
            // Some codecs (MPEG-4 part 2) keep their size in the stream, not in the sample
            // description: FFmpeg reads the first packets to find it (buffered, not lost). H.264
            // and HEVC never need this, so their opening reads no packet.
            _ = ffmpeg.avformat_find_stream_info(context, nil)
        }
        let parameters = stream.pointee.codecpar.pointee
        let width = Int(parameters.width), height = Int(parameters.height)
        var failure: MovieError.Reason?
        if width <= 0 || height <= 0 {
            failure = .zeroSize(width: width, height: height)
        } else if width * height > options.maxPixels {
            failure = .frameTooLarge(width: width, height: height, limit: options.maxPixels)
        }
        if let failure {
            var owned: UnsafeMutablePointer<AVFormatContext>? = context
            ffmpeg.avformat_close_input(&owned)
            throw MovieError(file: path, reason: failure)
        }
        // Fully initialised from here: a throw would run deinit, which closes the file.
        streamIndex = best
        self.stream = stream
        // Only the video stream's packets are read.
        for i in 0..<Int(context.pointee.nb_streams) where i != Int(best) {
            context.pointee.streams[i]?.pointee.discard = AVDISCARD_ALL
        }
    }

    deinit {
        var owned: UnsafeMutablePointer<AVFormatContext>? = format
        ffmpeg.avformat_close_input(&owned)
    }

    var width: Int { Int(stream.pointee.codecpar.pointee.width) }
    var height: Int { Int(stream.pointee.codecpar.pointee.height) }
    var timeBase: AVRational { stream.pointee.time_base }

    /// The codec's short name; a sample description FFmpeg does not know by its four-character
    /// code (`zzzz`), which it names `none`.
    var codecName: String {
        let parameters = stream.pointee.codecpar.pointee
        guard parameters.codec_id == AV_CODEC_ID_NONE, parameters.codec_tag != 0 else {
            return ffmpeg.avcodec_get_name(parameters.codec_id).map { String(cString: $0) } ?? "unknown"
        }
        let tag = parameters.codec_tag
        let bytes = (0..<4).map { UInt8((tag >> (8 * UInt32($0))) & 0xFF) }
        return String(decoding: bytes.map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }

    /// `mov` for QuickTime's brand, `m4v` for Apple's MPEG-4 video brand, else `mp4`.
    var containerName: String {
        guard let entry = ffmpeg.av_dict_get(format.pointee.metadata, "major_brand", nil, 0), let value = entry.pointee.value else { return "mov" }
        let brand = String(cString: value).trimmingCharacters(in: " ")
        switch brand {
        case "qt": return "mov"
        case "M4V", "M4VH", "M4VP": return "m4v"
        default: return "mp4"
        }
    }

    /// The stream's end in time-base ticks (start plus duration), when the container says.
    var streamEnd: Int64? {
        let s = stream.pointee
        guard s.duration > 0 else { return nil }
        let start = s.start_time == strokescope_nopts() ? 0 : s.start_time
        return start + s.duration
    }

    /// Clockwise display rotation, whole degrees in [0, 360).
    var rotation: Int {
        // av_display_rotation_get gives degrees counter-clockwise.
        let degrees = Int((-strokescope_stream_rotation(ffmpeg.table, stream)).rounded())
        return ((degrees % 360) + 360) % 360
    }

    /// FFmpeg's text for an error code.
    static func text(of code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        _ = ffmpeg.av_strerror(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// FFmpeg's own log lines (a damaged slice, a missing reference) would add to the one line
    /// on stderr a bad file gets: errors come back as codes and are reported from those.
    private static let quietLogging: Void = { ffmpeg.av_log_set_level(AV_LOG_QUIET) }()

    /// The file's first bytes; the system's reason when it cannot be read.
    private static func head(of path: String) throws(MovieError) -> [UInt8] {
        guard let f = fopen(path, "rb") else {
            throw MovieError(file: path, reason: .cannotOpen(String(cString: strerror(errno))))
        }
        defer { fclose(f) }
        var st = stat()
        if fstat(fileno(f), &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR {
            throw MovieError(file: path, reason: .cannotOpen("is a directory"))
        }
        var bytes = [UInt8](repeating: 0, count: MovieSniffer.headLength)
        let n = fread(&bytes, 1, bytes.count, f)
        return Array(bytes.prefix(n))
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(self.reversed().drop { $0 == set }.reversed())
    }
}
