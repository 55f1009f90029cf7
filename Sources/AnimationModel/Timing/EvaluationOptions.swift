import StrokeGeometry

/// Options of the evaluator where Core Animation leaves a choice (CA-TIMING.md §9).
public struct EvaluationOptions: Sendable, Equatable {
    /// `CACurrentMediaTime()` at model time 0 (MODEL-FORMAT.md fixes it at 10000 s).
    public var clockOrigin: Double
    /// The duration given to animations with `duration ≤ 0` (the current transaction's
    /// `animationDuration`, 0.25 s unless a transaction sets one).
    public var transactionDuration: Double
    /// How arcs whose sweep is exactly a full turn against their direction, or more than a
    /// turn, are drawn (CA-TIMING.md §5.2).
    public var arcOptions: ArcOptions

    public init(clockOrigin: Double = 10_000, transactionDuration: Double = 0.25, arcOptions: ArcOptions = ArcOptions()) {
        self.clockOrigin = clockOrigin
        self.transactionDuration = transactionDuration
        self.arcOptions = arcOptions
    }
}
