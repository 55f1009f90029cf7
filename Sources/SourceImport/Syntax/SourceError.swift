/// Why a source file could not be read as code: one line naming the file, line and column.
public struct SourceError: Error, Sendable, Equatable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(_ location: SourceLocation, _ message: String) {
        self.location = location; self.message = message
    }

    public var description: String { "\(location): \(message)" }
}
