import JSON
@testable import SourceImport

/// Imports one snippet (its name gives the language) and returns the report.
func importSnippet(_ text: String, as name: String) throws -> ImportedModel {
    try SourceImporter.importSources([(name, text)])
}

extension ImportedModel {
    var layers: [JSONValue] { json["layers"]?.arrayValue ?? [] }
    func layer(_ k: Int) -> JSONValue? { layers.indices.contains(k) ? layers[k] : nil }
    func animation(_ layer: Int, _ k: Int) -> JSONValue? { self.layer(layer)?["animations"]?[k] }
}
