@_exported import enum StrokeGeometry.LineCap
@_exported import enum StrokeGeometry.LineJoin

/// A `strokescope-model/1` file as written: layers, their paths and animations, and events,
/// with every number still a `ModelExpression` (so variables can be re-bound by the fit).
///
/// See MODEL-FORMAT.md for the meaning of every field; names follow Core Animation's.
public struct ModelDocument: Sendable, Equatable {
    public var name: String
    /// Free text: where the model comes from.
    public var comment: String?
    public var variables: [Variable]
    public var layers: [LayerSpec]
    public var events: [EventSpec]

    public init(name: String, comment: String? = nil, variables: [Variable] = [], layers: [LayerSpec], events: [EventSpec] = []) {
        self.name = name
        self.comment = comment
        self.variables = variables
        self.layers = layers
        self.events = events
    }
}
