/// How `MovieEncoder` writes a movie: container, codec, quality and clock.
///
/// The defaults are the project's choice for renders that are measured afterwards
/// (docs/internals/decisions.md, "Writing movies"): H.264 at CRF 16 without psychovisual tuning,
/// 4:2:0, BT.709, no B-frames, a 90 kHz clock.
public struct MovieEncoderOptions: Sendable, Equatable {
    /// The file format, which follows the output's extension.
    public enum Container: String, Sendable, Equatable, CaseIterable {
        /// MPEG-4 Part 14 (`.mp4`, `.m4v`).
        case mp4
        /// QuickTime (`.mov`).
        case mov

        /// The container an output path asks for by its extension (case-insensitive), or `nil`
        /// when the extension is not a movie's.
        public init?(path: String) {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
            switch name[name.index(after: dot)...].lowercased() {
            case "mp4", "m4v": self = .mp4
            case "mov", "qt": self = .mov
            default: return nil
            }
        }

        /// FFmpeg's name for the muxer.
        var muxerName: String { rawValue }
    }

    /// The video codec.
    public enum Codec: String, Sendable, Equatable, CaseIterable {
        /// H.264 / AVC through libx264.
        case h264
        /// H.265 / HEVC through libx265, tagged `hvc1` so that Apple's players open it.
        case hevc

        /// FFmpeg's name for the encoder library.
        public var encoderName: String {
            switch self {
            case .h264: return "libx264"
            case .hevc: return "libx265"
            }
        }
    }

    public var container: Container
    public var codec: Codec
    /// x264's / x265's constant rate factor: lower is better and bigger (0 is lossless for x264).
    /// 16 keeps arc ends within 0.3° (p95) through 4:2:0 and compression (decisions.md).
    public var crf: Int
    /// Ticks per second of the movie's clock: every presentation timestamp is a whole number of
    /// ticks. 90 000 (MPEG's clock) holds 24, 25, 30, 50, 60, 120 and 240 Hz frames exactly.
    public var ticksPerSecond: Int
    /// The nominal frame rate for a constant-rate movie, written as the stream's rate; `nil` for
    /// a variable rate (the timestamps alone say when each frame shows).
    public var frameRate: Double?

    public init(container: Container, codec: Codec = .h264, crf: Int = 16, ticksPerSecond: Int = 90_000, frameRate: Double? = nil) {
        self.container = container
        self.codec = codec
        self.crf = crf
        self.ticksPerSecond = ticksPerSecond
        self.frameRate = frameRate
    }
}
