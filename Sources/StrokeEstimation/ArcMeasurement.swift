import Raster
import StrokeGeometry

/// Line caps as the estimator corrects for them.
extension LineCap {
    /// Extra ink area beyond a stroke end, per unit line width, in pixels of arc length:
    /// a half-disc (π w / 8 after dividing the area by w) or a half-square (w / 2).
    func extraLength(lineWidth w: Double) -> Double {
        switch self {
        case .butt: 0
        case .round: Double.pi * w / 8
        case .square: w / 2
        }
    }
}

/// One ring in one frame: where its stroke starts and ends on screen.
public struct ArcMeasurement: Sendable, Equatable {
    public var state: StrokeState
    /// Degrees clockwise from 12 o'clock, in [0, 360): where the stroke begins (strokeStart)
    /// and ends (strokeEnd), caps corrected.
    public var startAngle: Double?
    public var endAngle: Double?
    /// Further drawn pieces (start, end angles), when the stroke is split.
    public var segments: [(start: Double, end: Double)]
    /// The ink colour seen (straight RGBA).
    public var inkColor: RGBA?
    /// The stroke's width measured in this frame, pixels.
    public var lineWidth: Double?
    /// Why the state is `unknown`.
    public var note: String?
    /// How much the ink's width varies along the main piece, away from its ends: the spread
    /// (10th to 90th percentile) of the inked width over its median. Near 0 for a stroke,
    /// large for a filled crescent or wedge; nil when the piece is too short to tell.
    public var widthVariation: Double?
    /// Share of the solidly inked bins whose colour lies off the line from what is under the
    /// stroke to the frame's ink by over a third of that line's length: another hue (a
    /// gradient along the stroke), not a lighter or darker blend of the same ink (a fading
    /// tail). Read on the same frames as `widthVariation`; nil when too few bins are inked.
    public var hueSpread: Double?
    /// Whether the ink changed colour along the stroke so much in this frame that each stretch
    /// of it was read against its own colour (`ArcMeasurer.inkAlongStroke`), not the frame's one
    /// ink colour.
    public var inkReadAlongStroke = false
    /// Separate pieces of ink seen when there were too many to read (state `unknown`); nil otherwise.
    public var pieceCount: Int?
    /// Where a stroke that left the band lies in this frame: its centre line's radius and its
    /// width (pixels), from the ink across the band; the frame is measured again there.
    var offBand: (radius: Double, lineWidth: Double)?
    /// The main piece's ends if its caps are round (start, end; degrees), where the pixels were
    /// fitted with the exact end shapes (1-bit pixels); nil when a round cap simply moves each
    /// end in by the area it adds (see `correcting(for:)`).
    var roundCapEnds: (start: Double, end: Double)?

    public static func == (a: ArcMeasurement, b: ArcMeasurement) -> Bool {
        a.state == b.state && a.startAngle == b.startAngle && a.endAngle == b.endAngle
            && a.segments.count == b.segments.count && zip(a.segments, b.segments).allSatisfy { $0.start == $1.start && $0.end == $1.end }
            && a.inkColor == b.inkColor && a.lineWidth == b.lineWidth && a.note == b.note && a.widthVariation == b.widthVariation && a.hueSpread == b.hueSpread && a.pieceCount == b.pieceCount
            && a.inkReadAlongStroke == b.inkReadAlongStroke
            && a.roundCapEnds?.start == b.roundCapEnds?.start && a.roundCapEnds?.end == b.roundCapEnds?.end
    }
}

/// Where one end of a ring's stroke lay, for telling a new end from one seen before: a static
/// end shows the same pixels, with the same dithering and the same small misfits, in every
/// frame, and those repeats are one observation, not many (`CapInference`).
struct EndPlace: Sendable, Equatable {
    /// Pixels of arc from 12 o'clock, clockwise, along the ring's centre line.
    var arc: Double
    /// The ring's circumference along its centre line (pixels), for wrapping at 12 o'clock.
    var circumference: Double
    /// Which way the stroke's ink lies from the end (`RingEndShape`'s `beyondClockwise`).
    var beyondClockwise: Bool

    /// The end near `reference` degrees on `ring`.
    init(reference: Double, ring: RingGeometry, beyondClockwise: Bool) {
        circumference = 2 * Double.pi * ring.circle.radius
        arc = reference / 360 * circumference
        self.beyondClockwise = beyondClockwise
    }

    /// True when `other` is the same end within `tolerance` pixels along the arc.
    func repeats(_ other: EndPlace, within tolerance: Double) -> Bool {
        guard beyondClockwise == other.beyondClockwise else { return false }
        let d = abs(arc - other.arc).truncatingRemainder(dividingBy: circumference)
        return min(d, circumference - d) <= tolerance
    }
}
