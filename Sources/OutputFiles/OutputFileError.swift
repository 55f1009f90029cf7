/// Why an output file could not be made. `description` is one line starting with the path.
public enum OutputFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file exists and overwriting was not asked for.
    case exists(path: String)
    /// The file (or its temporary twin) could not be created; `reason` is the system's words.
    case cannotCreate(path: String, reason: String)
    /// Writing or closing failed part-way (a full disk, an I/O error); nothing was left at `path`.
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .exists(let path): return "\(path): already exists (use --force to overwrite)"
        case .cannotCreate(let path, let reason): return "\(path): cannot create (\(reason))"
        case .cannotWrite(let path, let reason): return "\(path): cannot write: \(reason)"
        }
    }
}
