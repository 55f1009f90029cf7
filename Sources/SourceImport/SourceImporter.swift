import AnimationModel
import JSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The model that Objective-C or Swift code describes, with what the import assumed and what it
/// could not transcribe.
public struct ImportedModel: Sendable {
    /// The `strokescope-model/1` document as JSON (what `import` writes).
    public var json: JSONValue
    /// The same document, loaded and checked as any model file is.
    public var document: ModelDocument
    /// Every assumption, one sentence each (`note:` lines).
    public var assumptions: [String]
    /// Statements that build or change layers or animations and were left out (`warning:` lines).
    public var unsupported: [UnsupportedStatement]
    /// The source files read, in order.
    public var files: [String]
    /// Variables the import introduced for values the code does not fix.
    public var variables: [ImportedVariable]

    /// `{"schema": "strokescope-import/1", "model", "assumptions", "unsupported"}` (CLI-CONTRACT.md).
    public var report: JSONValue {
        .object(JSONObject([
            ("schema", .string("strokescope-import/1")),
            ("model", json),
            ("assumptions", .array(assumptions.map { .string($0) })),
            ("unsupported", .array(unsupported.map { u in
                .object(JSONObject([("file", .string(u.file)), ("line", .int(u.line)), ("code", .string(u.code)), ("why", .string(u.why))]))
            })),
        ]))
    }
}

/// Why code could not be imported; each renders one line naming the file.
public enum SourceImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file or folder that cannot be opened or read (exit 66).
    case unreadable(path: String, reason: String)
    /// A file that is not Objective-C or Swift (exit 65).
    case notSource(path: String, reason: String)
    /// A lexical or bracket error at a position (exit 65).
    case malformed(SourceError)
    /// Code that creates no stroked layer or animation (exit 65).
    case noAnimation(files: [String])
    /// The model the import produced does not load: a bug (exit 70).
    case invalidModel(String)

    public var description: String {
        switch self {
        case .unreadable(let p, let r): return "\(p): \(r)"
        case .notSource(let p, let r): return "\(p): \(r)"
        case .malformed(let e): return e.description
        case .noAnimation(let files):
            let list = files.count > 3 ? files.prefix(3).joined(separator: ", ") + ", …" : files.joined(separator: ", ")
            return "\(list): no CAShapeLayer with a path or a stroke animation is built in this code"
        case .invalidModel(let m): return "internal error: the imported model does not load: \(m)"
        }
    }

    /// The exit code CLI-CONTRACT.md gives this error.
    public var exitCode: Int32 {
        switch self {
        case .unreadable: 66
        case .notSource, .malformed, .noAnimation: 65
        case .invalidModel: 70
        }
    }
}

/// Imports the model from source code: `strokescope import` and every `--model Spinner.m`.
public enum SourceImporter {
    /// The file extensions that are imported as code.
    public static func isSourcePath(_ path: String) -> Bool { SourceLanguage(fileName: path) != nil }

    /// Whether the path is a folder (a folder given as a model is imported as code).
    public static func isFolder(_ path: String) -> Bool { SourceFiles.kind(path) == .directory }

    /// Source files of the paths given (folders searched recursively, in name order).
    public static func sourceFiles(_ paths: [String]) throws(SourceImportError) -> [String] {
        var files: [String] = []
        for p in paths {
            switch SourceFiles.kind(p) {
            case .missing: throw .unreadable(path: p, reason: "no such file or folder")
            case .directory:
                guard let all = SourceFiles.walk(p) else { throw .unreadable(path: p, reason: "cannot list the folder") }
                let found = all.filter(isSourcePath).sorted()
                guard !found.isEmpty else { throw .notSource(path: p, reason: "the folder holds no .m, .mm, .h or .swift file") }
                files += found
            case .file:
                guard isSourcePath(p) else { throw .notSource(path: p, reason: "not Objective-C or Swift source (expected .m, .mm, .h or .swift)") }
                files.append(p)
            }
        }
        return files
    }

    /// The largest source file read (a guard against feeding the importer a video by mistake).
    public static let maxFileBytes = 8 << 20

    /// Reads and imports files and folders.
    public static func load(paths: [String], name: String? = nil, options: ImportOptions = ImportOptions()) throws(SourceImportError) -> ImportedModel {
        let files = try sourceFiles(paths)
        var sources: [(path: String, text: String)] = []
        for f in files {
            do {
                sources.append((f, try SourceFiles.read(f, maxBytes: maxFileBytes)))
            } catch {
                switch error {
                case .unreadable(let why): throw .unreadable(path: f, reason: "cannot open (\(why))")
                case .tooLarge: throw .notSource(path: f, reason: "larger than \(maxFileBytes >> 20) MiB: not a source file")
                case .binary: throw .notSource(path: f, reason: "binary data or not UTF-8: not Objective-C or Swift source")
                }
            }
        }
        return try importSources(sources, name: name, options: options)
    }

    /// Imports source text (path names are used for languages and messages).
    public static func importSources(_ sources: [(path: String, text: String)], name: String? = nil, options: ImportOptions = ImportOptions()) throws(SourceImportError) -> ImportedModel {
        var lexed: [(file: String, tokens: [Token], language: SourceLanguage)] = []
        var macros: [String: MacroDefinition] = [:]
        for s in sources {
            guard let language = SourceLanguage(fileName: s.path) else { throw .notSource(path: s.path, reason: "not Objective-C or Swift source") }
            do {
                let (tokens, defines) = try Lexer.tokenize(file: s.path, text: s.text, language: language)
                for d in defines { macros[d.name] = d }
                lexed.append((s.path, tokens, language))
            } catch { throw .malformed(error) }
        }
        var units: [SourceUnit] = []
        for l in lexed {
            do { units.append(try SourceParser.build(file: l.file, tokens: l.tokens, language: l.language, macros: macros)) }
            catch { throw .malformed(error) }
        }
        let run = Interpreter(program: Program(units: units), options: options)
        run.runProgram()
        var writer = ModelWriter(run: run)
        let files = sources.map(\.path)
        let modelName = name ?? Self.modelName(files)
        let shown = files.map(SourceFiles.lastComponent)
        guard let json = writer.document(name: modelName, comment: "Imported by strokescope import from \(shown.joined(separator: ", ")).") else {
            throw .noAnimation(files: files)
        }
        let document: ModelDocument
        do { document = try ModelLoader.load(json: json.serialized(), file: modelName) } catch {
            if let debug = getenv("STROKESCOPE_IMPORT_DEBUG"), String(cString: debug) == "1" { let text = json.serialized() + "\n"; _ = text.withCString { write(2, $0, strlen($0)) } }
            throw .invalidModel(error.description)
        }
        let unsupported = run.unsupported + writer.warnings
        return ImportedModel(json: json, document: document, assumptions: run.notes, unsupported: unsupported, files: files, variables: run.variables)
    }

    static func modelName(_ files: [String]) -> String {
        guard let first = files.first else { return "imported" }
        let folder = SourceFiles.folderName(first)
        if files.count > 1, !folder.isEmpty, folder != "." { return folder }
        let last = SourceFiles.lastComponent(first)
        return last.split(separator: ".").dropLast().joined(separator: ".")
    }
}
