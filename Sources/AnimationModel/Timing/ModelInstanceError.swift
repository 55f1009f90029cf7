import StrokeGeometry

/// Why a model cannot be evaluated with a given set of variable values (for example a
/// `--set` that makes a duration negative).
public struct ModelInstanceError: Error, Sendable, Equatable, CustomStringConvertible {
    public var fieldPath: String
    public var message: String
    public var description: String { fieldPath.isEmpty ? message : "\(fieldPath): \(message)" }

    public init(fieldPath: String, message: String) {
        self.fieldPath = fieldPath
        self.message = message
    }
}
