import JSON
/// One value in a table, typed so each output format can spell it its own way: a person reads
/// `yes` and `-`, a spreadsheet wants `true` and an empty field, JSON wants `true` and `null`.
public enum Cell: Sendable, Equatable {
    /// An integer, printed as plain digits.
    case int(Int)
    /// A measured figure shown with exactly `decimals` digits after the point (rounded half away
    /// from zero on its shortest decimal digits, so `1.005` at two decimals is `1.01`). JSON gets
    /// the same rounded number; NaN and infinities read `nan`/`inf`/`-inf` and become JSON `null`.
    /// `decimals` must not be negative.
    case double(Double, decimals: Int)
    /// Text, printed as given.
    case string(String)
    /// A yes/no fact: `yes`/`no` for people, `true`/`false` in CSV and JSON.
    case bool(Bool)
    /// No value (not measured, not applicable): `-` for people, an empty CSV field, JSON `null`.
    case empty

    /// An integer, or ``empty`` when there is none, so optional measurements need no `if let`.
    public init(_ value: Int?) {
        self = value.map { .int($0) } ?? .empty
    }

    /// A figure with fixed decimals, or ``empty`` when there is none.
    public init(_ value: Double?, decimals: Int) {
        self = value.map { .double($0, decimals: decimals) } ?? .empty
    }

    /// Text, or ``empty`` when there is none.
    public init(_ value: String?) {
        self = value.map { .string($0) } ?? .empty
    }

    /// The text a person reads in the terminal and in Markdown.
    public var displayText: String {
        switch self {
        case .int(let i): return String(i)
        case .double(let d, let decimals): return DecimalText.fixed(d, decimals: decimals)
        case .string(let s): return s
        case .bool(let b): return b ? "yes" : "no"
        case .empty: return "-"
        }
    }

    /// The unquoted field text for CSV, where spreadsheets expect `true`/`false` and blank for missing.
    public var csvText: String {
        switch self {
        case .bool(let b): return b ? "true" : "false"
        case .empty: return ""
        default: return displayText
        }
    }

    /// The value for JSON output, with doubles rounded to the same digits the tables show.
    public var jsonValue: JSONValue {
        switch self {
        case .int(let i): return .int(i)
        case .double(let d, let decimals): return .number(d, decimals: decimals)
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        case .empty: return .null
        }
    }
}

extension Cell: ExpressibleByStringLiteral {
    /// Lets rows be written as `["ok", 3, true]`.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension Cell: ExpressibleByIntegerLiteral {
    /// Lets rows be written as `["ok", 3, true]`.
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension Cell: ExpressibleByBooleanLiteral {
    /// Lets rows be written as `["ok", 3, true]`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
