import JSON

/// Whether a fit stayed within its thresholds, and if not, which figures failed.
public struct FitVerdict: Sendable, Equatable {
    /// One line per failed threshold, naming the figure, the frame and the limit.
    public var failures: [String]

    public var passed: Bool { failures.isEmpty }
}
