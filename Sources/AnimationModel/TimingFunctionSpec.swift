/// A `CAMediaTimingFunction`: a named curve or four control points.
public enum TimingFunctionSpec: Sendable, Equatable {
    case linear, easeIn, easeOut, easeInEaseOut, `default`
    case controlPoints(ModelExpression, ModelExpression, ModelExpression, ModelExpression)
}
