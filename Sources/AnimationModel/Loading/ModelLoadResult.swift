import JSON

/// A loaded model with the loader's warnings: things that are valid but probably not what the
/// author meant (a discrete keyframe animation whose last value never shows, an unused variable).
public struct ModelLoadResult: Sendable, Equatable {
    /// The model, every number still an expression.
    public var document: ModelDocument
    /// One line each, `FILE: fieldPath: message`, in file order.
    public var warnings: [String]

    /// A result as the loader builds it.
    public init(document: ModelDocument, warnings: [String]) {
        self.document = document
        self.warnings = warnings
    }
}
