/// Limits, leniency and threads for decoding a movie.
public struct MovieDecodeOptions: Sendable, Equatable {
    /// Streams whose frames have more pixels than this are refused before decoding.
    public var maxPixels: Int
    /// Movies with more frames than this are refused when the next frame arrives.
    public var maxFrames: Int
    /// On damaged data, keep the frames decoded so far instead of failing; a warning says where
    /// decoding stopped.
    public var lenient: Bool
    /// libavcodec's decoding threads: 0 lets it choose (one per core, frame threading), 1
    /// decodes on the calling thread alone (batches, which fill the cores with files already).
    public var threads: Int

    public init(maxPixels: Int = 64_000_000, maxFrames: Int = 100_000, lenient: Bool = false, threads: Int = 0) {
        self.maxPixels = maxPixels
        self.maxFrames = maxFrames
        self.lenient = lenient
        self.threads = threads
    }
}
