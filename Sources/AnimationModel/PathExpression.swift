/// A layer's path as written in the model file.
public enum PathExpression: Sendable, Equatable {
    case arc(ArcExpression)
    /// `UIBezierPath(ovalIn:)`: x, y, width, height.
    case oval(x: ModelExpression, y: ModelExpression, width: ModelExpression, height: ModelExpression)
    case elements([PathElementExpression])
}
