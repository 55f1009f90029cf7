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

    /// Files as given; a folder gives the `.gif` files in it (any case), sorted by name, and with
    /// `recursive` those of its subfolders too. A path that does not exist stays in the list, to
    /// be reported in its place.
    static func expand(_ paths: [String], recursive: Bool) -> [Input] {
        var out: [Input] = []
        for path in paths {
            var status = stat()
            guard stat(path, &status) == 0 else {
                out.append(.unreadable(path, reason: "cannot open (\(String(cString: strerror(errno))))"))
                continue
            }
            if (status.st_mode & S_IFMT) == S_IFDIR {
                let found = gifs(in: path, recursive: recursive)
                if found.isEmpty {
                    out.append(.unreadable(path, reason: "folder holds no .gif files" + (recursive ? "" : " (use --recursive to look in its subfolders)")))
                }
                out += found.map { .file($0) }
            } else {
                out.append(.file(path))
            }
        }
        return out
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

    private static func gifs(in folder: String, recursive: Bool) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var files: [String] = [], folders: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." || name.hasPrefix(".") { continue }
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            var status = stat()
            guard stat(path, &status) == 0 else { continue }
            if (status.st_mode & S_IFMT) == S_IFDIR {
                if recursive { folders.append(path) }
            } else if name.lowercased().hasSuffix(".gif") {
                files.append(path)
            }
        }
        return files.sorted() + folders.sorted().flatMap { gifs(in: $0, recursive: true) }
    }
}
