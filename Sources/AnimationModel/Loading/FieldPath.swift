/// Where a value sits in a model file, rendered as `layers[0].animations[1].keyPath`.
struct FieldPath: Sendable, Equatable, CustomStringConvertible {
    private enum Step: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    private var steps: [Step] = []

    /// The document itself.
    static let root = FieldPath()

    func key(_ name: String) -> FieldPath {
        var copy = self
        copy.steps.append(.key(name))
        return copy
    }

    func index(_ i: Int) -> FieldPath {
        var copy = self
        copy.steps.append(.index(i))
        return copy
    }

    /// Keys that are not plain identifiers (a variable named `a b`) are written `["a b"]` so the
    /// path stays unambiguous.
    var description: String {
        var out = ""
        for step in steps {
            switch step {
            case .index(let i):
                out += "[\(i)]"
            case .key(let name):
                let plain = !name.isEmpty && name.unicodeScalars.allSatisfy { ExpressionLexer.isNameContinuation($0) }
                if plain {
                    out += out.isEmpty ? name : "." + name
                } else {
                    out += "[\"" + MessageText.escaped(name) + "\"]"
                }
            }
        }
        return out
    }
}

/// A validation failure inside the document; the loader adds the file name to make a `ModelError`.
struct FieldError: Error, Sendable, Equatable {
    var path: FieldPath
    var message: String

    init(_ path: FieldPath, _ message: String) {
        self.path = path
        self.message = message
    }
}
