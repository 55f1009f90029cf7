/// The two languages people build `CAShapeLayer` animations in.
public enum SourceLanguage: String, Sendable, Equatable {
    case objectiveC = "Objective-C"
    case swift = "Swift"

    /// The language a file name says (`.m`, `.mm`, `.h` → Objective-C; `.swift` → Swift); nil otherwise.
    public init?(fileName: String) {
        let lower = fileName.lowercased()
        if lower.hasSuffix(".swift") { self = .swift }
        else if lower.hasSuffix(".m") || lower.hasSuffix(".mm") || lower.hasSuffix(".h") { self = .objectiveC }
        else { return nil }
    }
}

/// A place in a source file: 1-based line and column (columns count characters).
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file; self.line = line; self.column = column
    }

    /// `FILE:LINE:COLUMN`, as compilers print it.
    public var description: String { "\(file):\(line):\(column)" }
}
