/// A rectangular block of results: fixed columns and rows of cells that match them.
public struct Table: Sendable, Equatable {
    /// The field name of this table in JSON output, e.g. `frames`.
    public var key: String
    /// A heading printed above the table in the terminal and Markdown; `nil` prints none.
    public var title: String?
    /// The columns, in display order.
    public let columns: [Column]
    /// The rows; each has exactly one cell per column.
    public private(set) var rows: [[Cell]]

    /// A table, optionally with rows; every row must have one cell per column, because a short
    /// row would silently shift values into the wrong column in CSV.
    public init(key: String, title: String? = nil, columns: [Column], rows: [[Cell]] = []) {
        self.key = key
        self.title = title
        self.columns = columns
        self.rows = []
        for row in rows { append(row) }
    }

    /// Adds a row at the end; the row must have one cell per column.
    public mutating func append(_ row: [Cell]) {
        precondition(row.count == columns.count,
                     "row has \(row.count) cells but table '\(key)' has \(columns.count) columns")
        rows.append(row)
    }
}
