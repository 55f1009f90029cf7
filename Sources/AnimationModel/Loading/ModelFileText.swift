/// A model file's text (``TextFile``), its failures in the model loader's terms: a file the
/// system will not give is `unreadable`, one over the limit `invalid` with the option that
/// raises it, a byte that is not UTF-8 a syntax error where it stands.
enum ModelFileText {
    static func read(path: String, maxBytes: Int = ModelLoader.defaultMaxBytes) throws(ModelError) -> String {
        do {
            return try TextFile.read(path: path, maxBytes: maxBytes)
        } catch {
            switch error {
            case .unreadable(let why):
                throw ModelError(file: path, kind: .unreadable, message: "cannot open (\(why))")
            case .tooLarge:
                throw ModelError(file: path, kind: .invalid, message: "larger than \(maxBytes) bytes, the limit for a model file (raise it with --max-model-bytes)")
            case .notUTF8(let line, let column):
                throw ModelError(file: path, kind: .syntax(line: line, column: column), message: "not UTF-8 text")
            }
        }
    }
}
