#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster
import StrokeGeometry

/// What is drawn over one frame to show a measurement against its model: the model's stroke as
/// a thin line along its centre, and short bars across the stroke where the ends were measured.
/// All geometry in the frame's pixels; ``paint(on:scale:style:)`` draws it at any scale (a
/// thumbnail's), keeping lines a fixed number of output pixels wide.
public struct FrameOverlay: Sendable, Equatable {
    /// A measured end of a ring's stroke.
    public struct RingEnd: Sendable, Equatable {
        public enum Kind: Sendable, Equatable { case start, end }
        public var center: Point
        public var radius: Double
        /// The ring's line width: the bar crosses it with a margin on both sides.
        public var lineWidth: Double
        /// On-screen angle, degrees clockwise from 12 o'clock.
        public var angle: Double
        public var kind: Kind

        public init(center: Point, radius: Double, lineWidth: Double, angle: Double, kind: Kind) {
            self.center = center
            self.radius = radius
            self.lineWidth = lineWidth
            self.angle = angle
            self.kind = kind
        }
    }

    /// A measured point along an open path (a tick's drawn end): a small circle around it.
    public struct PathEnd: Sendable, Equatable {
        public var point: Point
        public var lineWidth: Double
        public init(point: Point, lineWidth: Double) {
            self.point = point
            self.lineWidth = lineWidth
        }
    }

    /// The model's visible stroke pieces per layer, in pixels.
    public var modelPieces: [StrokePiece]
    public var ringEnds: [RingEnd]
    public var pathEnds: [PathEnd]

    public init(modelPieces: [StrokePiece] = [], ringEnds: [RingEnd] = [], pathEnds: [PathEnd] = []) {
        self.modelPieces = modelPieces
        self.ringEnds = ringEnds
        self.pathEnds = pathEnds
    }

    public var isEmpty: Bool { modelPieces.isEmpty && ringEnds.isEmpty && pathEnds.isEmpty }

    /// Draws the overlay on `image`, whose pixels are the frame's scaled by `scale` (1 for the
    /// frame itself, under 1 for a thumbnail).
    public func paint(on image: inout RGBAImage, scale: Double = 1, style: OverlayStyle = OverlayStyle()) {
        let map = AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0)
        let clip = image.bounds
        if !modelPieces.isEmpty {
            let pieces = modelPieces.map { $0.applying(map) }
            image.paint(StrokeRasterizer.coverage(pieces: pieces, lineWidth: style.modelLineWidth, cap: .butt, join: .round, clip: clip),
                        color: style.modelColor)
        }
        for end in ringEnds {
            let radians = end.angle * Double.pi / 180
            let direction = Point(x: sin(radians), y: -cos(radians))
            // The bar reaches a few output pixels beyond the stroke on both sides.
            let reach = end.lineWidth / 2 + style.barOverhang / scale
            let inner = end.center + direction * max(end.radius - reach, 0)
            let outer = end.center + direction * (end.radius + reach)
            let piece = StrokePiece(segments: [.line(from: map.apply(to: inner), to: map.apply(to: outer))], isClosed: false)
            image.paint(StrokeRasterizer.coverage(pieces: [piece], lineWidth: style.barWidth, cap: .butt, clip: clip),
                        color: end.kind == .start ? style.startColor : style.endColor)
        }
        for end in pathEnds {
            let radius = (end.lineWidth / 2) * scale + style.barOverhang
            let circle = ArcConstruction(arc: Arc(center: map.apply(to: end.point), radius: radius, startAngle: 0,
                                                  endAngle: 2 * Double.pi, clockwise: true))
            let piece = StrokePiece(segments: circle.segments.map { .cubic($0) }, isClosed: true)
            image.paint(StrokeRasterizer.coverage(pieces: [piece], lineWidth: style.barWidth, cap: .butt, clip: clip),
                        color: style.endColor)
        }
    }
}
