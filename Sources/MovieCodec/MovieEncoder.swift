internal import CFFmpeg
import OutputFiles
import Raster
import Synchronization

/// Writes an MP4 or QuickTime movie with FFmpeg (libx264 or libx265), one RGBA picture at a time,
/// each at the presentation timestamp it is given.
///
/// ```swift
/// var options = MovieEncoderOptions(container: .mp4, codec: .h264, frameRate: 60)
/// let encoder = try MovieEncoder(path: "spinner.mp4", width: 120, height: 120, options: options)
/// try encoder.add(image, pts: 0, duration: 1500)     // ticks of options.ticksPerSecond
/// try encoder.finish()                                // flushes, writes the index, renames into place
/// ```
///
/// Pictures are converted to 8-bit 4:2:0 Y′CbCr with BT.709 coefficients in limited range and
/// tagged BT.709; alpha is ignored (the picture is taken as opaque). 4:2:0 needs an even width and
/// height: an odd canvas is padded by one column or row that repeats the last one (so the edge's
/// chroma is not mixed with a foreign colour), and `encodedWidth`/`encodedHeight` say so. There are
/// no B-frames, so packets come out in presentation order and every timestamp is written as given.
///
/// The file appears at `path` only when `finish()` succeeds; an encoder dropped before that, or
/// one whose writing failed, leaves nothing behind.
public final class MovieEncoder {
    /// The pictures' size.
    public let width: Int
    public let height: Int
    /// The size in the file: `width` and `height` rounded up to even numbers.
    public let encodedWidth: Int
    public let encodedHeight: Int
    public let options: MovieEncoderOptions

    private let output: MovieOutput
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var scaler: OpaquePointer?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var stream: UnsafeMutablePointer<AVStream>?
    /// Each frame's duration by its timestamp, given back to its packet (libx264/libx265 do not
    /// carry frame durations through in FFmpeg 5.1), so the last frame lasts as long as it should.
    private var durations: [Int64: Int64] = [:]
    private var lastPTS: Int64?
    private var padded: [UInt8] = []
    private var finished = false

    /// The largest width or height written: far beyond any screen recording, and a bound on what
    /// one frame asks of the encoder.
    public static let maximumSide = 16384

    /// The number of pictures added so far.
    public private(set) var frameCount = 0

    /// An encoder writing to `path`. An existing file is replaced only when `overwrite` is set.
    public init(path: String, width: Int, height: Int, options: MovieEncoderOptions, overwrite: Bool = false) throws(MovieEncodingError) {
        if let why = ffmpeg.require() { throw MovieEncodingError(file: path, reason: .ffmpegUnavailable(why)) }
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw MovieEncodingError(file: path, reason: .invalidFrame("picture \(width)×\(height) is outside 1...\(Self.maximumSide) pixels a side"))
        }
        guard options.ticksPerSecond >= 1, (0...51).contains(options.crf) else {
            throw MovieEncodingError(file: path, reason: .invalidFrame("clock of \(options.ticksPerSecond) ticks/s or CRF \(options.crf) is out of range"))
        }
        self.width = width
        self.height = height
        encodedWidth = width + width % 2
        encodedHeight = height + height % 2
        self.options = options
        // The encoder is looked up before the output is created: a missing libx265 leaves no file.
        guard let encoder = ffmpeg.avcodec_find_encoder_by_name(options.codec.encoderName) else {
            throw MovieEncodingError(file: path, reason: .encoderUnavailable(options.codec.encoderName))
        }
        MovieEncoder.silenceFFmpegLog()
        output = try MovieOutput(path: path, overwrite: overwrite)
        try open(encoder)
    }

    deinit { release() }

    private func fail(_ step: String, _ code: Int32) -> MovieEncodingError {
        if let why = output.writeError { return MovieEncodingError(file: output.path, reason: .cannotWrite(why)) }
        return MovieEncodingError(file: output.path, reason: .ffmpeg(step: step, message: averrorText(code)))
    }

    private func open(_ encoder: UnsafePointer<AVCodec>) throws(MovieEncodingError) {
        let path = output.path
        var formatContext: UnsafeMutablePointer<AVFormatContext>?
        var status = ffmpeg.avformat_alloc_output_context2(&formatContext, nil, options.container.muxerName, nil)
        guard status >= 0, let formatContext else { throw fail("opening the \(options.container.rawValue) muxer", status) }
        format = formatContext
        formatContext.pointee.pb = output.context
        // No library version strings in the file: the same frames give the same bytes.
        formatContext.pointee.flags |= AVFMT_FLAG_BITEXACT

        guard let context = ffmpeg.avcodec_alloc_context3(encoder) else {
            throw MovieEncodingError(file: path, reason: .ffmpeg(step: "allocating the encoder", message: "out of memory"))
        }
        codec = context
        let timeBase = AVRational(num: 1, den: Int32(clamping: options.ticksPerSecond))
        context.pointee.width = Int32(encodedWidth)
        context.pointee.height = Int32(encodedHeight)
        context.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        context.pointee.time_base = timeBase
        if let rate = options.frameRate { context.pointee.framerate = ffmpeg.av_d2q(rate, 100_000) }
        context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        context.pointee.color_primaries = AVCOL_PRI_BT709
        context.pointee.color_trc = AVCOL_TRC_BT709
        context.pointee.colorspace = AVCOL_SPC_BT709
        context.pointee.color_range = AVCOL_RANGE_MPEG
        context.pointee.chroma_sample_location = AVCHROMA_LOC_LEFT
        // No B-frames: decode order is presentation order, no edit list, every reader gets the
        // timestamps as written.
        context.pointee.max_b_frames = 0
        // One thread: x264 and x265 are then deterministic (the fixtures are byte-identical).
        context.pointee.thread_count = 1
        if formatContext.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            context.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        }
        var settings: OpaquePointer?
        defer { ffmpeg.av_dict_free(&settings) }
        _ = ffmpeg.av_dict_set(&settings, "crf", String(options.crf), 0)
        _ = ffmpeg.av_dict_set(&settings, "preset", "medium", 0)
        // No psychovisual optimisation: it moves stroke edges to look sharp, and measuring needs
        // them where they are (arc ends p95 0.19 → 0.16° with x264, 0.50 → 0.13° with x265 on a
        // held picture; decisions.md, "Writing movies").
        switch options.codec {
        case .h264:
            _ = ffmpeg.av_dict_set(&settings, "tune", "psnr", 0)
        case .hevc:
            _ = ffmpeg.av_dict_set(&settings, "tune", "ssim", 0)
            // x265 starts a thread pool and prints its settings unless told not to.
            _ = ffmpeg.av_dict_set(&settings, "x265-params", "pools=none:frame-threads=1:log-level=error", 0)
        }
        // Opened one at a time in the process (FFmpegLibrary.settingUp says why).
        status = ffmpeg.settingUp { ffmpeg.avcodec_open2(context, encoder, &settings) }
        guard status >= 0 else { throw fail("opening \(options.codec.encoderName)", status) }

        guard let newStream = ffmpeg.avformat_new_stream(formatContext, nil) else {
            throw MovieEncodingError(file: path, reason: .ffmpeg(step: "adding the video stream", message: "out of memory"))
        }
        stream = newStream
        newStream.pointee.time_base = timeBase
        if let rate = options.frameRate {
            newStream.pointee.avg_frame_rate = ffmpeg.av_d2q(rate, 100_000)
        }
        status = ffmpeg.avcodec_parameters_from_context(newStream.pointee.codecpar, context)
        guard status >= 0 else { throw fail("describing the video stream", status) }
        if options.codec == .hevc {
            // 'hvc1' (parameter sets in the sample description) is what QuickTime and AVFoundation
            // open; FFmpeg's default 'hev1' they refuse.
            newStream.pointee.codecpar.pointee.codec_tag = strokescope_fourcc(0x68, 0x76, 0x63, 0x31)
        }
        status = ffmpeg.avformat_write_header(formatContext, nil)
        guard status >= 0 else { throw fail("writing the movie header", status) }

        guard let newFrame = ffmpeg.av_frame_alloc(), let newPacket = ffmpeg.av_packet_alloc() else {
            throw MovieEncodingError(file: path, reason: .ffmpeg(step: "allocating a frame", message: "out of memory"))
        }
        frame = newFrame
        packet = newPacket
        newFrame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        newFrame.pointee.width = Int32(encodedWidth)
        newFrame.pointee.height = Int32(encodedHeight)
        newFrame.pointee.color_primaries = AVCOL_PRI_BT709
        newFrame.pointee.color_trc = AVCOL_TRC_BT709
        newFrame.pointee.colorspace = AVCOL_SPC_BT709
        newFrame.pointee.color_range = AVCOL_RANGE_MPEG
        newFrame.pointee.chroma_location = AVCHROMA_LOC_LEFT
        status = ffmpeg.av_frame_get_buffer(newFrame, 0)
        guard status >= 0 else { throw fail("allocating a frame", status) }

        // Bicubic chroma filtering with exact rounding: the chroma planes average the pixels
        // they cover instead of sampling one, so a stroke's edge keeps its position.
        let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INP
        let (made, set) = ffmpeg.settingUp { () -> (OpaquePointer?, Int32) in
            guard let sws = ffmpeg.sws_getContext(Int32(encodedWidth), Int32(encodedHeight), AV_PIX_FMT_RGBA,
                                                  Int32(encodedWidth), Int32(encodedHeight), AV_PIX_FMT_YUV420P,
                                                  flags, nil, nil, nil) else { return (nil, 0) }
            // Full-range RGB in, BT.709 limited-range Y′CbCr out.
            let coefficients = ffmpeg.sws_getCoefficients(SWS_CS_ITU709)
            return (sws, ffmpeg.sws_setColorspaceDetails(sws, coefficients, 1, coefficients, 0, 0, 1 << 16, 1 << 16))
        }
        guard let sws = made else {
            throw MovieEncodingError(file: path, reason: .ffmpeg(step: "setting up the colour conversion", message: "unsupported conversion"))
        }
        scaler = sws
        status = set
        guard status >= 0 else { throw fail("setting BT.709 coefficients", status) }
    }

    /// Appends one picture shown from `pts` for `duration` ticks (`options.ticksPerSecond` per
    /// second). Timestamps must increase; a frame that holds the picture before it is simply a
    /// later timestamp, so a variable frame rate is written by leaving frames out.
    public func add(_ image: RGBAImage, pts: Int64, duration: Int64) throws(MovieEncodingError) {
        let path = output.path
        guard !finished, let codec, let frame else {
            throw MovieEncodingError(file: path, reason: .invalidFrame("the movie is already finished"))
        }
        guard image.width == width, image.height == height else {
            throw MovieEncodingError(file: path, reason: .invalidFrame("a \(image.width)×\(image.height) picture in a \(width)×\(height) movie"))
        }
        guard pts >= 0, duration >= 1 else {
            throw MovieEncodingError(file: path, reason: .invalidFrame("timestamp \(pts) with duration \(duration) ticks"))
        }
        if let lastPTS, pts <= lastPTS {
            throw MovieEncodingError(file: path, reason: .invalidFrame("timestamp \(pts) does not follow \(lastPTS)"))
        }
        var status = ffmpeg.av_frame_make_writable(frame)
        guard status >= 0 else { throw fail("preparing a frame", status) }
        let source = pad(image)
        status = source.withUnsafeBufferPointer { buffer in
            strokescope_scale_rgba_into_frame(ffmpeg.table, scaler, buffer.baseAddress, Int32(encodedWidth * 4), Int32(encodedHeight), frame)
        }
        guard status >= 0 else { throw fail("converting frame \(frameCount) to Y′CbCr", status) }
        frame.pointee.pts = pts
        durations[pts] = duration
        lastPTS = pts
        status = ffmpeg.avcodec_send_frame(codec, frame)
        guard status >= 0 else { throw fail("encoding frame \(frameCount)", status) }
        try drain()
        frameCount += 1
    }

    /// Flushes the encoder, writes the movie's index and puts the file in place.
    public func finish() throws(MovieEncodingError) {
        guard !finished, let codec, let format else {
            throw MovieEncodingError(file: output.path, reason: .invalidFrame("the movie is already finished"))
        }
        guard frameCount > 0 else {
            throw MovieEncodingError(file: output.path, reason: .invalidFrame("a movie needs at least one frame"))
        }
        finished = true
        var status = ffmpeg.avcodec_send_frame(codec, nil)
        guard status >= 0 else { throw fail("flushing \(options.codec.encoderName)", status) }
        try drain()
        status = ffmpeg.av_write_trailer(format)
        guard status >= 0 else { throw fail("writing the movie index", status) }
        if let why = output.flush() { throw MovieEncodingError(file: output.path, reason: .cannotWrite(why)) }
        release()
        try output.commit()
    }

    /// Sends every packet the encoder has ready to the muxer.
    private func drain() throws(MovieEncodingError) {
        guard let codec, let packet, let format, let stream else { return }
        while true {
            var status = ffmpeg.avcodec_receive_packet(codec, packet)
            if status == strokescope_averror_eagain() || status == strokescope_averror_eof() { return }
            guard status >= 0 else { throw fail("encoding", status) }
            if let duration = durations.removeValue(forKey: packet.pointee.pts) { packet.pointee.duration = duration }
            packet.pointee.stream_index = stream.pointee.index
            ffmpeg.av_packet_rescale_ts(packet, codec.pointee.time_base, stream.pointee.time_base)
            // The muxer takes the packet's data and leaves `packet` blank for the next one.
            status = ffmpeg.av_interleaved_write_frame(format, packet)
            guard status >= 0 else { throw fail("writing a packet", status) }
        }
    }

    /// The picture's RGBA bytes at the encoded size: an odd width or height gains a copy of the
    /// last column or row.
    private func pad(_ image: RGBAImage) -> [UInt8] {
        guard encodedWidth != width || encodedHeight != height else { return image.pixels }
        let rowBytes = encodedWidth * 4
        if padded.count != rowBytes * encodedHeight { padded = [UInt8](repeating: 0, count: rowBytes * encodedHeight) }
        image.pixels.withUnsafeBufferPointer { source in
            padded.withUnsafeMutableBufferPointer { target in
                for y in 0..<encodedHeight {
                    let sy = min(y, height - 1)
                    let from = sy * width * 4, to = y * rowBytes
                    for i in 0..<(width * 4) { target[to + i] = source[from + i] }
                    if encodedWidth != width {
                        for i in 0..<4 { target[to + width * 4 + i] = source[from + (width - 1) * 4 + i] }
                    }
                }
            }
        }
        return padded
    }

    private func release() {
        if let scaler { ffmpeg.sws_freeContext(scaler) }
        scaler = nil
        if frame != nil { ffmpeg.av_frame_free(&frame) }
        if packet != nil { ffmpeg.av_packet_free(&packet) }
        if codec != nil { ffmpeg.avcodec_free_context(&codec) }
        if let format {
            // The AVIOContext belongs to MovieOutput, not to the format context.
            format.pointee.pb = nil
            ffmpeg.avformat_free_context(format)
        }
        format = nil
        stream = nil
    }

    /// FFmpeg's own log lines (libx264's banner, muxer notes) would break the tool's one-line
    /// diagnostics: every failure is reported from its return code instead.
    private static func silenceFFmpegLog() {
        if ffmpeg.av_log_get_level() > AV_LOG_QUIET { ffmpeg.av_log_set_level(AV_LOG_QUIET) }
    }
}
