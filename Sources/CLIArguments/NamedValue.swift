/// A `NAME=VALUE` pair, such as a property override `lineWidth=4`.
public struct NamedValue: Sendable, Hashable {
    /// The text before the first `=`; never empty.
    public let name: String
    /// The text after the first `=`; may be empty.
    public let value: String

    /// Pairs a name with its value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
