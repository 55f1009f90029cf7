import AnimationModel
import GIFCodec
import Raster
import StrokeEstimation
import StrokeGeometry

/// What `Inspector.inspect` found and measured in one recording: its frames with their times,
/// and per layer (a ring, or with a model an open path such as a tick) one reading per frame.
public struct Inspection: Sendable {
    /// One frame as the recording plays it.
    public struct Frame: Sendable {
        /// The frame as stored (index, rectangle, stored delay, disposal).
        public var info: GIFFrameInfo
        /// When the frame appears, in seconds from the first frame.
        public var time: Double
        /// How long it shows, in seconds.
        public var delay: Double
    }

    /// The file the frames were read from, as given.
    public var file: String
    /// Whether it is a GIF or a movie (a movie's frames have no stored delay).
    public var format: RecordingFormat = .gif
    /// How the frames were timed (the stored delays under a policy, or `--fps`).
    public var timing: FrameTiming = .delays(.raw)
    /// The recording's screen, in pixels.
    public var canvasWidth: Int
    public var canvasHeight: Int
    public var frames: [Frame] = []
    /// The measured layers, in the model's order (or the rings' order of discovery).
    public var layers: [Layer] = []
    /// What the readings take for granted (a cap style, a start at 12 o'clock): one sentence each.
    public var assumptions: [String] = []
    /// What went wrong but was worked around (a truncated file read with `lenient`).
    public var warnings: [String] = []
    /// With a model: pixels per point, and the pixel position of point (0, 0).
    public var scale: Double?
    public var origin: Point?
    /// The model the layers were placed from, if any.
    public var model: ResolvedModel?
    /// Static rings the strokes run on or beside (a progress ring's track): never a layer.
    public var tracks: [Track] = []
}

extension Inspection {
    /// A static ring seen under or beside a layer's stroke.
    public struct Track: Sendable, Equatable {
        public var ring: TrackRing
        /// The name of the layer it belongs to.
        public var under: String
    }
}

extension Inspection {
    /// One measured layer and its reading in every frame.
    public struct Layer: Sendable {
        /// The model layer's name, or `ring` (`ring1`, `ring2`, … when there are several); an
        /// open stroke found with no model is `tick` (alone, with a corner), `stroke`, or
        /// `stroke1`, `stroke2`, … in the order they are drawn.
        public var name: String
        public var kind: Kind
        /// One reading per frame, in the order of `Inspection.frames`.
        public var readings: [LayerReading] = []
        /// The ink colour of each frame that showed the stroke.
        public var inkColours: [RGBA] = []
        /// Rings: the caps the ends were corrected for (the model's, `--cap`, or judged).
        public var cap: LineCap?
        /// Rings: when the animation repeats, from the readings alone (nil when it does not).
        public var period: PeriodFinder.Period?
        /// Positions in `frames` where the stroke vanishes (empty after a drawn frame).
        public var vanishes: [Int] = []
        /// Paths: the polyline measured, in pixels, from the path's start (nil for rings).
        public var points: [Point]?
        /// How sure the inspection is that this is an animated stroke (under 0.5: tentative),
        /// and why not more.
        public var confidence = LayerConfidence()

        public enum Kind: Sendable {
            /// A stroke on a circle, with the model layer it was placed from (if any).
            case ring(RingGeometry, modelLayer: ResolvedLayer?)
            /// An open path of the model (a tick): its length and line width in pixels, and the
            /// model's ink colour when it gives one.
            case path(lengthPixels: Double, lineWidth: Double, ink: RGBA?, modelLayer: ResolvedLayer)
        }

        /// The most frequent ink colour (ties: the lower hex text), nil when nothing was drawn.
        public var colour: RGBA? {
            guard !inkColours.isEmpty else { return nil }
            var counts: [RGBA: Int] = [:]
            for c in inkColours { counts[c, default: 0] += 1 }
            return counts.max { a, b in a.value != b.value ? a.value < b.value : a.key.hex > b.key.hex }?.key
        }

        /// The line width in pixels: rings, the median of the frames' measured widths (the
        /// found ring's when none was measured); paths, the model's width placed on screen.
        public var lineWidth: Double {
            switch kind {
            case .ring(let ring, _):
                let widths = readings.compactMap { $0.arc?.lineWidth }.sorted()
                return widths.isEmpty ? ring.lineWidth : widths[widths.count / 2]
            case .path(_, let width, _, _):
                return width
            }
        }
    }
}
