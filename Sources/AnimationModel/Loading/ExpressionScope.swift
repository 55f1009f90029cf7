/// Which names an expression may use where it is read.
public struct ExpressionScope: Sendable, Equatable {
    /// The variables it may name; nil accepts any name that is not a constant or function as a
    /// variable (for reading expressions outside a model file).
    public var variables: [String]?
    /// Whether `now` (the layer clock) is allowed.
    public var allowsNow: Bool
    /// Variables that exist but may not be used here, each with the reason, for a better message
    /// than "unknown name" (a variable declared later, a variable inside a fit range).
    public var unavailable: [String: String]

    /// A scope naming its variables (nil: any name), whether `now` is allowed, and the names to
    /// explain rather than call unknown.
    public init(variables: [String]?, allowsNow: Bool, unavailable: [String: String] = [:]) {
        self.variables = variables
        self.allowsNow = allowsNow
        self.unavailable = unavailable
    }

    /// Any name is a variable and `now` is allowed.
    public static let unrestricted = ExpressionScope(variables: nil, allowsNow: true)
}
