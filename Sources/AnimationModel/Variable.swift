/// A named number; with `fit`, a free parameter the fit may estimate inside that range.
public struct Variable: Sendable, Equatable {
    public var name: String
    public var value: ModelExpression
    /// Inclusive range for fitting, in the variable's own unit (seconds for times).
    public var fit: ClosedRange<Double>?

    public init(name: String, value: ModelExpression, fit: ClosedRange<Double>? = nil) {
        self.name = name
        self.value = value
        self.fit = fit
    }
}
