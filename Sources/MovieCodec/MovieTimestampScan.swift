internal import CFFmpeg

/// The video stream's frames as the container indexes them, read packet by packet without
/// decoding a pixel: their count (to size the inspection's sample) and their timestamps,
/// durations and key flags (`strokescope info`). Packets the container marks to be discarded
/// (before an edit list's start) are not frames.
public enum MovieTimestampScan {
    /// The number of frames.
    public static func frameCount(path: String, options: MovieDecodeOptions = MovieDecodeOptions()) throws(MovieError) -> Int {
        var count = 0
        try scan(path, options) { _, _, _ in count += 1 }
        return count
    }

    /// Every frame's timing, in presentation order, as `MovieDecoder` times them.
    public static func frames(path: String, options: MovieDecodeOptions = MovieDecodeOptions()) throws(MovieError) -> [MovieFrameInfo] {
        var packets: [(pts: Int64, duration: Int64, key: Bool)] = []
        let container = try scan(path, options) { packets.append(($0, $1, $2)) }
        packets.sort { $0.pts < $1.pts }
        guard let first = packets.first?.pts else { return [] }
        let tb = av_q2d(container.timeBase)
        return packets.indices.map { i in
            let p = packets[i]
            let end = i + 1 < packets.count ? max(packets[i + 1].pts, p.pts)
                : MovieDecoder.lastFrameEnd(at: p.pts, own: p.duration, streamEnd: container.streamEnd,
                                            gap: i > 0 ? p.pts - packets[i - 1].pts : 0)
            return MovieFrameInfo(index: i, timestamp: p.pts, time: Double(p.pts - first) * tb,
                                  duration: Double(end - p.pts) * tb, keyFrame: p.key)
        }
    }

    /// Reads every packet of the video stream, handing each frame's timestamp, duration and key flag to `each`.
    @discardableResult
    private static func scan(_ path: String, _ options: MovieDecodeOptions,
                             _ each: (Int64, Int64, Bool) -> Void) throws(MovieError) -> MovieContainer {
        let container = try MovieContainer(path: path, options: options)
        guard let packet = ffmpeg.av_packet_alloc() else { throw MovieError(file: path, reason: .outOfMemory) }
        var owned: UnsafeMutablePointer<AVPacket>? = packet
        defer { ffmpeg.av_packet_free(&owned) }
        var count = 0
        var previous: Int64 = 0
        while true {
            let read = ffmpeg.av_read_frame(container.format, packet)
            if read < 0 { break }
            defer { ffmpeg.av_packet_unref(packet) }
            let p = packet.pointee
            guard p.stream_index == container.streamIndex, p.flags & AV_PKT_FLAG_DISCARD == 0 else { continue }
            count += 1
            if count > options.maxFrames { throw MovieError(file: path, reason: .tooManyFrames(limit: options.maxFrames)) }
            let pts = p.pts != strokescope_nopts() ? p.pts : (p.dts != strokescope_nopts() ? p.dts : previous + max(p.duration, 1))
            previous = pts
            each(pts, p.duration, p.flags & AV_PKT_FLAG_KEY != 0)
        }
        return container
    }
}
