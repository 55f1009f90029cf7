/// What a movie's header says about its video stream (`strokescope info`).
public struct MovieStructure: Sendable, Equatable {
    /// The container as FFmpeg's demuxer names it: `mov` for QuickTime, `mp4`, `m4v` by brand.
    public var container: String
    /// The codec's short name (`h264`, `hevc`, …).
    public var codec: String
    public var width: Int
    public var height: Int
    /// The decoded pixel format as FFmpeg names it (`yuv420p`, `yuv420p10le`, …).
    public var pixelFormat: String
    /// The stream's time base: timestamps count `timeBaseNumerator / timeBaseDenominator` seconds.
    public var timeBaseNumerator: Int
    public var timeBaseDenominator: Int
    /// The colour matrix the pixels were converted with (`bt709`, `bt601`, `bt2020`) and whether
    /// the samples use the full 0–255 range (else the limited 16–235 video range).
    public var colourMatrix: String
    public var fullRange: Bool
    /// The display rotation the container asks for, in degrees clockwise (0, 90, 180, 270);
    /// frames are measured as stored, not rotated.
    public var rotation: Int
    /// The stream's duration in seconds as the container states it (nil when it does not).
    public var duration: Double?

    public init(container: String, codec: String, width: Int, height: Int, pixelFormat: String,
                timeBaseNumerator: Int, timeBaseDenominator: Int, colourMatrix: String, fullRange: Bool,
                rotation: Int, duration: Double?) {
        self.container = container
        self.codec = codec
        self.width = width
        self.height = height
        self.pixelFormat = pixelFormat
        self.timeBaseNumerator = timeBaseNumerator
        self.timeBaseDenominator = timeBaseDenominator
        self.colourMatrix = colourMatrix
        self.fullRange = fullRange
        self.rotation = rotation
        self.duration = duration
    }

    /// Seconds per timestamp tick.
    public var timeBase: Double { Double(timeBaseNumerator) / Double(timeBaseDenominator) }
}
