#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLIArguments

/// `--jobs` and `--recursive`, and turning the command line's paths into the list of GIFs a
/// batch runs over.
enum BatchInputs {
    static let jobs = OptionSpec.option("jobs", short: "j", value: "n", help: "Threads of work: with several files, this many run at once; 1 keeps all the work on one thread.", default: "the number of cores")
    static let recursive = OptionSpec.flag("recursive", short: "r", help: "Look for GIFs in the folders' subfolders too.")
    static let options: [OptionSpec] = [jobs, recursive]

    /// One input of a batch: a file to run, or a path that cannot be (reported, not run).
    enum Input: Sendable, Equatable {
        case file(String)
        case unreadable(String, reason: String)

        var path: String {
            switch self {
            case .file(let p), .unreadable(let p, _): p
            }
        }
    }

    /// What a folder's recordings are named (a file given by name is read whatever its name:
    /// its content decides).
    static let recordingExtensions = [".gif", ".mov", ".mp4", ".m4v"]

    /// Files as given; a folder gives the `.gif`, `.mov`, `.mp4` and `.m4v` files in it (any case), sorted by name, and with
    /// `recursive` those of its subfolders too. A path that does not exist stays in the list, to
    /// be reported in its place. Each file is listed once and each folder entered once, however
    /// many links lead to them (told apart by device and inode); a link back to a folder being
    /// walked is a cycle, not followed again, and `warnings` says where.
    static func expand(_ paths: [String], recursive: Bool) -> (inputs: [Input], warnings: [String]) {
        var walk = Walk(recursive: recursive)
        for path in paths {
            var status = stat()
            guard stat(path, &status) == 0 else {
                walk.inputs.append(.unreadable(path, reason: "cannot open (\(String(cString: strerror(errno))))"))
                continue
            }
            if (status.st_mode & S_IFMT) == S_IFDIR {
                let before = walk.inputs.count
                walk.enter(path, status)
                if walk.inputs.count == before && !walk.wasEnteredBefore(status) {
                    walk.inputs.append(.unreadable(path, reason: "folder holds no .gif, .mov, .mp4 or .m4v files" + (recursive ? "" : " (use --recursive to look in its subfolders)")))
                }
            } else {
                walk.file(path, status, given: true)
            }
        }
        return (walk.inputs, walk.warnings)
    }

    /// A file's or folder's identity: the same file reached by two paths has the same one.
    private struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
        init(_ s: stat) {
            device = UInt64(truncatingIfNeeded: s.st_dev)
            inode = UInt64(truncatingIfNeeded: s.st_ino)
        }
    }

    /// The state of one expansion: what was listed and entered so far.
    private struct Walk {
        let recursive: Bool
        var inputs: [Input] = []
        var warnings: [String] = []
        private var files: Set<Identity> = []
        /// Folders entered (each once), and those on the current path from the top (a link to
        /// one of these is a cycle).
        private var entered: Set<Identity> = []
        private var open: Set<Identity> = []
        private var emptyCheck: Set<Identity> = []

        init(recursive: Bool) { self.recursive = recursive }

        func wasEnteredBefore(_ s: stat) -> Bool { emptyCheck.contains(Identity(s)) }

        mutating func file(_ path: String, _ s: stat, given: Bool) {
            // A file named twice on the command line runs twice, as asked; one found twice
            // through folders (a link beside its target) runs once.
            if given { inputs.append(.file(path)); files.insert(Identity(s)); return }
            guard files.insert(Identity(s)).inserted else { return }
            inputs.append(.file(path))
        }

        mutating func enter(_ folder: String, _ s: stat) {
            let id = Identity(s)
            if open.contains(id) {
                warnings.append("\(folder): link cycle (it leads back to a folder being walked), not followed again")
                emptyCheck.insert(id)
                return
            }
            guard entered.insert(id).inserted else { emptyCheck.insert(id); return }
            open.insert(id)
            defer { open.remove(id) }
            guard let dir = opendir(folder) else { return }
            var found: [(path: String, status: stat)] = [], folders: [(path: String, status: stat)] = []
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." || name.hasPrefix(".") { continue }
                let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                var status = stat()
                guard stat(path, &status) == 0 else { continue }
                if (status.st_mode & S_IFMT) == S_IFDIR {
                    if recursive { folders.append((path, status)) }
                } else if BatchInputs.recordingExtensions.contains(where: name.lowercased().hasSuffix) {
                    found.append((path, status))
                }
            }
            closedir(dir)
            for f in found.sorted(by: { $0.path < $1.path }) { file(f.path, f.status, given: false) }
            for f in folders.sorted(by: { $0.path < $1.path }) { enter(f.path, f.status) }
        }
    }

    /// Whether the command line asks for a batch: several paths, or a folder.
    static func isBatch(_ paths: [String]) -> Bool {
        if paths.count > 1 { return true }
        var status = stat()
        return paths.first.map { stat($0, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR } ?? false
    }

    /// Whether a file may use threads of its own (the fit's search on every core, decoding
    /// ahead on a second thread): only one file, with more than one job. `--jobs 1` means one
    /// thread of work, as `make -j1` does, so a CI runner can keep the tool to one core; several
    /// files on several threads already fill the cores, where nested threads would only add
    /// switching. Results are identical either way.
    static func allowsNestedThreads(workers: Int, files: Int) -> Bool {
        workers > 1 && files == 1
    }

    /// The number of workers: `--jobs`, or the machine's cores.
    static func jobCount(_ args: ParsedArguments) throws(UsageError) -> Int {
        if let n = try args.value("jobs", as: .integer(in: .between(1, 256))) { return n }
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}
