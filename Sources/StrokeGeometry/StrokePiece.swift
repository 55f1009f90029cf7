/// One connected piece of a drawn stroke, ready to render: its segments in drawing order.
public struct StrokePiece: Sendable, Hashable {
    /// Lines and cubics, each starting where the previous one ends (points).
    public var segments: [StrokeSegment]
    /// Whether the piece is a closed subpath drawn whole (joins all round, no caps).
    public var isClosed: Bool

    /// A piece from its segments.
    public init(segments: [StrokeSegment], isClosed: Bool) {
        self.segments = segments
        self.isClosed = isClosed
    }

    /// Length of the piece, in points.
    public var length: Double { segments.reduce(0) { $0 + $1.length } }

    /// The piece mapped by `transform` (e.g. path space → screen).
    public func applying(_ transform: AffineTransform) -> StrokePiece {
        StrokePiece(segments: segments.map { $0.applying(transform) }, isClosed: isClosed)
    }
}
