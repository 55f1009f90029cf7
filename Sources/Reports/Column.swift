/// A table column: what people see in the header and what machines see as the field name.
public struct Column: Sendable, Equatable {
    /// Which side of the column its text hugs in the terminal and Markdown.
    public enum Alignment: Sendable, Equatable, CaseIterable {
        /// For names and other text.
        case left
        /// For numbers, so digits of the same place line up.
        case right
    }

    /// The header text including any unit, e.g. `start (ms)`; also the CSV header.
    public var title: String
    /// The JSON field name, e.g. `startMs`; stable for scripts even if the title is reworded.
    public var key: String
    /// How the column's header and cells are aligned for people.
    public var alignment: Alignment

    /// Right alignment is the default because report columns are mostly measurements.
    public init(_ title: String, key: String, alignment: Alignment = .right) {
        self.title = title
        self.key = key
        self.alignment = alignment
    }
}
