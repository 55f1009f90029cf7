/// Limits and leniency for decoding.
public struct GIFDecodeOptions: Sendable, Equatable {
    /// Canvases above this many pixels are refused before anything is allocated.
    public var maxPixels: Int
    /// On damaged data, keep the frames decoded so far (and the rows of a cut-off frame)
    /// instead of failing; a warning says where decoding stopped.
    public var lenient: Bool

    /// Files with more frames than this are refused when the next frame starts.
    public var maxFrames: Int
    /// The frames' rectangles may add up to at most this many pixels: bounds the decoding work
    /// whatever the header claims (a small file can describe huge, highly compressed frames).
    public var maxTotalPixels: Int

    public init(maxPixels: Int = 64_000_000, lenient: Bool = false, maxFrames: Int = 100_000,
                maxTotalPixels: Int = 4_000_000_000) {
        self.maxPixels = maxPixels
        self.lenient = lenient
        self.maxFrames = maxFrames
        self.maxTotalPixels = maxTotalPixels
    }
}
