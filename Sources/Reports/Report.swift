/// Everything one command prints: a title, a short summary, any notes or warnings, and tables.
/// It is rendered as a whole in one ``OutputFormat`` so every format carries the same facts.
public struct Report: Sendable, Equatable {
    /// One `label: value` line of the summary, e.g. `screen: 300×300`.
    public struct SummaryItem: Sendable, Equatable {
        /// What the value is, as people read it.
        public var label: String
        /// The value; typed so JSON gets a number where there is one.
        public var value: Cell
        /// The JSON field name; defaults to the label.
        public var key: String

        /// A summary line; `key` defaults to `label` so simple reports need not name things twice.
        public init(_ label: String, _ value: Cell, key: String? = nil) {
            self.label = label
            self.value = value
            self.key = key ?? label
        }
    }

    /// The first line of the report.
    public var title: String
    /// Summary lines in display order.
    public var summary: [SummaryItem]
    /// Remarks that help interpret the results.
    public var notes: [String]
    /// Problems the reader should know about; the results may be less trustworthy.
    public var warnings: [String]
    /// The tables, in display order; the first is the primary table (the only one in CSV).
    public var tables: [Table]

    /// A report; everything but the title may be filled in later.
    public init(
        title: String,
        summary: [SummaryItem] = [],
        notes: [String] = [],
        warnings: [String] = [],
        tables: [Table] = []
    ) {
        self.title = title
        self.summary = summary
        self.notes = notes
        self.warnings = warnings
        self.tables = tables
    }

    /// Appends a summary line; `key` defaults to `label`.
    public mutating func addSummary(_ label: String, _ value: Cell, key: String? = nil) {
        summary.append(SummaryItem(label, value, key: key))
    }
}
