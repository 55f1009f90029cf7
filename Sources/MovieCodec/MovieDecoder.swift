internal import CFFmpeg
import Raster

/// Reads a QuickTime/MPEG-4 movie's video one frame at a time through FFmpeg (libavformat's
/// `mov` demuxer, libavcodec's decoder with its own threads) and converts each frame to RGBA
/// with libswscale, once. Frames come in presentation order, timed by their timestamps.
/// Memory stays at one RGBA canvas and the decoder's few reference frames, whatever the number
/// of frames.
///
/// ```swift
/// let decoder = try MovieDecoder(path: "capture.mov")
/// while let frame = try decoder.next() { use(frame.info.time, frame.image) }
/// ```
///
/// Once the part of the picture that matters is known, set `region`: later frames are
/// converted there only (colour conversion of a whole 1170×2532 frame costs as much as
/// decoding it).
public final class MovieDecoder {
    /// The path as given.
    public let file: String
    /// The video stream's description (size, codec, pixel format, colour, time base).
    public private(set) var structure: MovieStructure
    /// Frames returned so far.
    public private(set) var framesDecoded = 0
    /// What was odd (decoding stopped early under `lenient`), one line each.
    public private(set) var warnings: [String] = []
    /// The part of the frame converted to RGBA from the next frame on (the whole frame at
    /// first); widened to even coordinates where the chroma planes are subsampled.
    public var region: PixelRect {
        get { wanted }
        set { wanted = newValue.intersection(PixelRect(x: 0, y: 0, width: structure.width, height: structure.height)) }
    }

    private let options: MovieDecodeOptions
    private let container: MovieContainer
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    /// Decoded and waiting to be returned (its successor is decoded first, for its duration).
    private var current: UnsafeMutablePointer<AVFrame>?
    private var following: UnsafeMutablePointer<AVFrame>?
    private var hasCurrent = false
    private var demuxEnded = false
    private var finished = false
    private var firstTimestamp: Int64?
    private var lastTimestamp: Int64?
    private var lastGap: Int64 = 0
    private var wanted: PixelRect
    private var canvas: RGBAImage
    private var converter = ColourConverter()
    /// A reference to the last converted frame (uncropped) and the area converted from it, for
    /// telling which rows of the next one changed.
    private var previous: UnsafeMutablePointer<AVFrame>?
    private var previousArea: PixelRect?
    /// Off: every frame's whole area is converted (the tests compare the two ways).
    var convertsChangedRowsOnly = true
    /// When set (before the first `next()`), every frame's luma is also read on a grid of this
    /// step, whatever `region` converts, into `lumaGrid`: where a movie changes outside the
    /// region can be watched at a sixteenth of a conversion's cost (step 4).
    public var lumaGridStep: Int?
    /// The last frame's luma on the grid of `lumaGridStep`, row by row
    /// (`⌈width / step⌉ × ⌈height / step⌉`, 8 bits); empty when not asked for, or when the
    /// pixel format has no luma plane to read (RGB, a palette).
    public private(set) var lumaGrid: [UInt8] = []

    /// Opens `path`, finds its video stream and decodes the first frame (which fixes the pixel
    /// format and colour properties reported in `structure`).
    public init(path: String, options: MovieDecodeOptions = MovieDecodeOptions()) throws(MovieError) {
        file = path
        self.options = options
        container = try MovieContainer(path: path, options: options)
        let width = container.width, height = container.height
        wanted = PixelRect(x: 0, y: 0, width: width, height: height)
        canvas = RGBAImage(width: width, height: height, fill: .black)
        let tb = container.timeBase
        structure = MovieStructure(
            container: container.containerName, codec: container.codecName,
            width: width, height: height, pixelFormat: "?", timeBaseNumerator: Int(tb.num), timeBaseDenominator: Int(tb.den),
            colourMatrix: "?", fullRange: false, rotation: container.rotation,
            duration: container.stream.pointee.duration > 0 ? Double(container.stream.pointee.duration) * av_q2d(tb) : nil)
        try openCodec()
        current = ffmpeg.av_frame_alloc()
        following = ffmpeg.av_frame_alloc()
        packet = ffmpeg.av_packet_alloc()
        previous = ffmpeg.av_frame_alloc()
        guard current != nil, following != nil, packet != nil, previous != nil else { throw MovieError(file: path, reason: .outOfMemory) }
        guard try decode(into: current!) else {
            if let stop = warnings.first { throw MovieError(file: path, reason: .corruptData(stop, frame: 0, decoded: 0)) }
            throw MovieError(file: path, reason: .noFrames)
        }
        hasCurrent = true
        let first = current!.pointee
        structure.pixelFormat = ffmpeg.av_get_pix_fmt_name(AVPixelFormat(first.format)).map { String(cString: $0) } ?? "unknown"
        let colour = ColourConverter.colour(of: current!)
        structure.colourMatrix = colour.matrixName
        structure.fullRange = colour.fullRange
    }

    /// The video stream's description from the container alone (no frame decoded: a fraction of
    /// opening a decoder on a large HEVC stream). The pixel format and colour are the container's
    /// word for them (`unknown` when it does not say); a stream no decoder here can read fails as
    /// `unsupportedCodec`.
    public static func probe(path: String, options: MovieDecodeOptions = MovieDecodeOptions()) throws(MovieError) -> MovieStructure {
        let container = try MovieContainer(path: path, options: options)
        let parameters = container.stream.pointee.codecpar.pointee
        let codec = container.codecName
        guard ffmpeg.avcodec_find_decoder(parameters.codec_id) != nil else { throw MovieError(file: path, reason: .unsupportedCodec(codec)) }
        let format = AVPixelFormat(parameters.format)
        let colour = ColourConverter.colour(format: format, space: parameters.color_space, range: parameters.color_range, height: container.height)
        let tb = container.timeBase
        let duration = container.stream.pointee.duration
        return MovieStructure(
            container: container.containerName, codec: codec, width: container.width, height: container.height,
            pixelFormat: ffmpeg.av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "unknown",
            timeBaseNumerator: Int(tb.num), timeBaseDenominator: Int(tb.den),
            colourMatrix: colour.matrixName, fullRange: colour.fullRange, rotation: container.rotation,
            duration: duration > 0 ? Double(duration) * av_q2d(tb) : nil)
    }

    deinit {
        ffmpeg.av_frame_free(&current)
        ffmpeg.av_frame_free(&following)
        ffmpeg.av_frame_free(&previous)
        ffmpeg.av_packet_free(&packet)
        ffmpeg.avcodec_free_context(&codec)
        converter.release()
    }

    /// The next frame in presentation order, or `nil` after the last one.
    public func next() throws(MovieError) -> MovieFrame? {
        guard !finished, hasCurrent, let frame = current, let after = following else { return nil }
        if framesDecoded >= options.maxFrames {
            finished = true
            throw MovieError(file: file, reason: .tooManyFrames(limit: options.maxFrames))
        }
        let timestamp = Self.timestamp(of: frame, after: lastTimestamp, gap: lastGap)
        let first = firstTimestamp ?? timestamp
        firstTimestamp = first
        // The successor's timestamp is this frame's end; the last frame ends with the stream.
        let more: Bool
        do {
            more = try decode(into: after)
        } catch {
            finished = true
            throw error
        }
        var end: Int64
        if more {
            end = Self.timestamp(of: after, after: timestamp, gap: lastGap)
        } else {
            end = Self.lastFrameEnd(at: timestamp, own: strokescope_frame_duration(frame), streamEnd: container.streamEnd, gap: lastGap)
        }
        if let lastTimestamp { lastGap = timestamp - lastTimestamp }
        lastTimestamp = timestamp
        let tb = av_q2d(container.timeBase)
        let info = MovieFrameInfo(
            index: framesDecoded, timestamp: timestamp, time: Double(timestamp - first) * tb,
            duration: Double(max(end - timestamp, 0)) * tb, keyFrame: strokescope_frame_is_key(frame) != 0)
        if let step = lumaGridStep, step > 0, !LumaGrid.sample(frame, step: step, into: &lumaGrid) { lumaGrid = [] }
        let changed = try convert(frame)
        ffmpeg.av_frame_unref(frame)
        // The successor becomes the current frame.
        swap(&current, &following)
        hasCurrent = more
        framesDecoded += 1
        return MovieFrame(info: info, image: canvas, changed: changed)
    }

    // MARK: - Decoding

    private func openCodec() throws(MovieError) {
        guard let parameters = container.stream.pointee.codecpar, let decoder = ffmpeg.avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw MovieError(file: file, reason: .unsupportedCodec(structure.codec))
        }
        guard let context = ffmpeg.avcodec_alloc_context3(decoder) else { throw MovieError(file: file, reason: .outOfMemory) }
        codec = context
        guard ffmpeg.avcodec_parameters_to_context(context, parameters) >= 0 else {
            throw MovieError(file: file, reason: .unsupportedCodec(structure.codec))
        }
        context.pointee.pkt_timebase = container.timeBase
        // Frame threading decodes several frames at once (one per core): the difference
        // between keeping up with ffmpeg and taking twice as long on HEVC.
        context.pointee.thread_count = Int32(options.threads)
        context.pointee.thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE
        let opened = ffmpeg.settingUp { ffmpeg.avcodec_open2(context, decoder, nil) }
        guard opened >= 0 else {
            throw MovieError(file: file, reason: .unsupportedCodec("\(structure.codec): \(MovieContainer.text(of: opened))"))
        }
    }

    /// Decodes the next frame into `frame`; false at the end of the stream (or, under
    /// `lenient`, where the data breaks off: a warning says so).
    private func decode(into frame: UnsafeMutablePointer<AVFrame>) throws(MovieError) -> Bool {
        guard let codec, let packet else { return false }
        while true {
            let received = ffmpeg.avcodec_receive_frame(codec, frame)
            if received == 0 { return true }
            if received == strokescope_averror_eof() { return false }
            if received != strokescope_averror_eagain() { return try damaged(received) }
            if demuxEnded { return false }
            let read = ffmpeg.av_read_frame(container.format, packet)
            if read < 0 {
                demuxEnded = true
                if read != strokescope_averror_eof() && read != strokescope_averror_invaliddata() {
                    // A read error past the index (the data cut short): decode what came.
                    warnings.append("the video data ends early (\(MovieContainer.text(of: read))): frames after the last one read are missing")
                }
                _ = ffmpeg.avcodec_send_packet(codec, nil)  // drain the frames still inside the decoder
                continue
            }
            defer { ffmpeg.av_packet_unref(packet) }
            guard packet.pointee.stream_index == container.streamIndex else { continue }
            let sent = ffmpeg.avcodec_send_packet(codec, packet)
            if sent < 0 && sent != strokescope_averror_eagain() { return try damaged(sent) }
        }
    }

    /// A decoding error: thrown, or under `lenient` the end of the frames (with a warning).
    private func damaged(_ code: Int32) throws(MovieError) -> Bool {
        if code == strokescope_averror_enomem() { throw MovieError(file: file, reason: .outOfMemory) }
        let error = MovieError(file: file, reason: .corruptData(MovieContainer.text(of: code), frame: framesDecoded + (hasCurrent ? 1 : 0), decoded: framesDecoded + (hasCurrent ? 1 : 0)))
        guard options.lenient else { throw error }
        warnings.append("stopped early: \(error.message)")
        demuxEnded = true
        return false
    }

    /// The frame's presentation timestamp; one the stream leaves out is the last one plus the
    /// last gap (or plus one tick).
    private static func timestamp(of frame: UnsafeMutablePointer<AVFrame>, after last: Int64?, gap: Int64) -> Int64 {
        let best = frame.pointee.best_effort_timestamp
        if best != strokescope_nopts() { return best }
        if frame.pointee.pts != strokescope_nopts() { return frame.pointee.pts }
        guard let last else { return 0 }
        return last + max(gap, 1)
    }

    /// Where the last frame ends: at the stream's end as the container states it (the
    /// contract's "to the stream's end"; an encoder's last sample duration can be a token one
    /// tick), else after its own duration, else after the gap before it.
    static func lastFrameEnd(at timestamp: Int64, own: Int64, streamEnd: Int64?, gap: Int64) -> Int64 {
        if let streamEnd, streamEnd > timestamp { return streamEnd }
        if own > 0 { return timestamp + own }
        return timestamp + max(gap, 0)
    }

    // MARK: - Colour

    /// Converts the region of `frame` into the canvas; the part of the canvas that changed.
    private func convert(_ frame: UnsafeMutablePointer<AVFrame>) throws(MovieError) -> PixelRect {
        guard Int(frame.pointee.width) == structure.width, Int(frame.pointee.height) == structure.height else {
            throw MovieError(file: file, reason: .corruptData(
                "the frame size changes to \(frame.pointee.width)×\(frame.pointee.height) mid-stream", frame: framesDecoded, decoded: framesDecoded))
        }
        let area = ColourConverter.aligned(wanted, of: frame)
        guard !area.isEmpty else { return area }
        // While the whole frame is converted (before the rings are known), only the rows whose
        // planes changed since the last frame are (with a margin that libswscale's vertical
        // chroma filter reads, converted but not copied, so that every copied row is what
        // converting the whole area gives). A narrowed area is converted whole: it is small, and
        // a conversion of another height costs a new libswscale context.
        var converted = area, copied: Range<Int>? = nil
        let whole = area.width == structure.width && area.height == structure.height
        if convertsChangedRowsOnly, whole, framesDecoded > 0, area == previousArea, let previous {
            switch ChangedRows.between(frame, previous, in: area) {
            case .unknown: break
            case .none: return PixelRect(x: 0, y: 0, width: 0, height: 0)
            case .rows(let rows):
                let margin = 4 * ChangedRows.chromaReach
                let top = max(area.y, rows.lowerBound - margin), bottom = min(area.maxY, rows.upperBound + margin)
                converted = ColourConverter.aligned(PixelRect(x: area.x, y: top, width: area.width, height: bottom - top), of: frame)
                copied = (rows.lowerBound - converted.y)..<(rows.upperBound - converted.y)
            }
        }
        // The frame is cropped in place by the conversion: the reference for the next frame's
        // comparison is taken first.
        if let previous {
            ffmpeg.av_frame_unref(previous)
            previousArea = whole && ffmpeg.av_frame_ref(previous, frame) >= 0 ? area : nil
        }
        let width = structure.width
        let changed = canvas.pixels.withUnsafeMutableBufferPointer { buffer in
            converter.convert(frame, area: converted, into: buffer.baseAddress! + (converted.y * width + converted.x) * 4,
                              stride: width * 4, copying: copied)
        }
        guard let changed else {
            throw MovieError(file: file, reason: .corruptData("cannot convert its pixel format to RGBA", frame: framesDecoded, decoded: framesDecoded))
        }
        // The first frame is all new, whatever the canvas held before.
        if framesDecoded == 0 { return area }
        return changed.isEmpty ? changed : PixelRect(x: converted.x + changed.x, y: converted.y + changed.y, width: changed.width, height: changed.height)
    }
}
