/// How two consecutive segments of a stroked piece meet (`CAShapeLayer.lineJoin`), on the outer
/// side of the turn. The inner side needs nothing: the two segments' strokes already overlap there.
public enum LineJoin: String, Sendable, Hashable, CaseIterable {
    /// The outer edges are extended until they meet (the default), unless the point would lie more
    /// than `miterLimit · lineWidth / 2` from the vertex; then the join is bevelled.
    case miter
    /// A circular wedge of radius `lineWidth/2` about the vertex.
    case round
    /// The triangle between the two outer corners and the vertex.
    case bevel

    /// Core Graphics' default miter limit (`CAShapeLayer.miterLimit`): the largest allowed ratio of
    /// the miter length (vertex to tip, doubled) to the line width, i.e. `1/sin(θ/2)` for an
    /// interior angle θ between the segments. Turns sharper than about 11.5° interior get a bevel.
    public static let defaultMiterLimit = 10.0
}
