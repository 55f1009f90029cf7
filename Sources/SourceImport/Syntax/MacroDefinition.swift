/// An Objective-C `#define`: `RGBA(r, g, b, a)` or a constant such as `kDuration`.
struct MacroDefinition: Sendable {
    var name: String
    /// nil for an object-like macro.
    var parameters: [String]?
    var body: [Token]
    var line: Int
}
