import Raster
import StrokeEstimation
import StrokeGeometry

/// How `Inspector` looks for strokes and how much of the machine it may use. A value: each run
/// has its own, and nothing in it is shared between runs.
public struct InspectOptions: Sendable, Equatable {
    /// Search only this part of the frames, in pixels.
    public var region: PixelRect?
    /// Measure this circle (pixels) instead of searching for rings.
    public var circle: Circle?
    /// With a model: pixels per point, instead of deriving it from the ring.
    public var scale: Double?
    /// With a model: the pixel position of the point (0, 0).
    public var origin: Point?
    /// The caps to correct the ends for (default: the model's, else judged from the ends).
    public var cap: LineCap?
    /// Whether the run may use threads of its own (a decoding thread, the period search on
    /// every core). A batch that already runs one file per core turns it off; the results are
    /// the same either way.
    public var parallel = true
    /// Whether frames are decoded on a thread of their own; nil: when the screen is large
    /// enough to pay for it (a quarter megapixel) and `parallel` allows. Tests and the fuzzers
    /// set it to compare both ways.
    public var decodingThread: Bool?

    public init() {}

    /// The defaults, with what `environment` says: `STROKESCOPE_DECODING_THREAD=on` decodes on
    /// a thread always, `off` never; unset or anything else leaves the default.
    public init(environment: [String: String]) {
        switch environment[Self.decodingThreadVariable] {
        case "on": decodingThread = true
        case "off": decodingThread = false
        default: decodingThread = nil
        }
    }

    /// The environment variable `init(environment:)` reads.
    public static let decodingThreadVariable = "STROKESCOPE_DECODING_THREAD"
}
