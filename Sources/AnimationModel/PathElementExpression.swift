public enum PathElementExpression: Sendable, Equatable {
    case move(ExpressionPoint)
    case line(ExpressionPoint)
    /// Adds a line from the current point to the arc's start, as `addArc` does.
    case arc(ArcExpression)
    case curve(to: ExpressionPoint, c1: ExpressionPoint, c2: ExpressionPoint)
    case quad(to: ExpressionPoint, c: ExpressionPoint)
    case close
}
