/// Why a model file could not be loaded. Renders as one line naming the file and, for an invalid
/// model, the field:
///
/// - `spinner.json: layers[0].animations[1].keyPath: unknown key path 'strokeEnds' (did you mean 'strokeEnd'?)`
/// - `spinner.json:12:5: unexpected character '}'` (not JSON: line and column, as compilers write them)
/// - `spinner.json: cannot open (No such file or directory)`
public struct ModelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure: it decides the exit code and how the position is written.
    public enum Kind: Sendable, Equatable {
        /// The file could not be opened or read: exit code 66.
        case unreadable
        /// The text is not JSON (or not UTF-8): 1-based line and column (in Unicode scalars).
        case syntax(line: Int, column: Int)
        /// Valid JSON that is not a valid model; `fieldPath` says where.
        case invalid
    }

    /// The file as the caller named it.
    public var file: String
    /// Unreadable, not JSON, or not a valid model.
    public var kind: Kind
    /// `layers[0].animations[1].keyPath`; empty for the document as a whole and for the other kinds.
    public var fieldPath: String
    /// What is wrong, without file or field.
    public var message: String

    /// An error about `file`; `fieldPath` only for ``Kind/invalid``.
    public init(file: String, kind: Kind, fieldPath: String = "", message: String) {
        self.file = file
        self.kind = kind
        self.fieldPath = fieldPath
        self.message = message
    }

    /// The process exit code of CLI-CONTRACT.md: 66 when the file cannot be read, 65 when its
    /// content is malformed.
    public var exitCode: Int32 {
        kind == .unreadable ? 66 : 65
    }

    /// The one line to print after `error: `.
    public var description: String {
        switch kind {
        case .syntax(let line, let column): return "\(file):\(line):\(column): \(message)"
        case .unreadable, .invalid: return fieldPath.isEmpty ? "\(file): \(message)" : "\(file): \(fieldPath): \(message)"
        }
    }
}
