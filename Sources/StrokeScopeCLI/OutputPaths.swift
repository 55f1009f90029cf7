#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Inspection

/// Checks on output locations made before any work starts, so a long decode never ends in
/// "cannot write" and nothing is overwritten unless the user said `--force`.
///
/// Plain POSIX calls (stat, mkdir, opendir): see Threads.swift for why the CLI does without Foundation.
enum OutputPaths {
    /// Makes sure `path` can receive frame files: created if missing; an existing non-empty
    /// directory needs `force`.
    static func prepareDirectory(_ path: String, force: Bool) throws(CLIError) {
        if let isDirectory = kind(of: path) {
            guard isDirectory else {
                throw CLIError("\(path): exists and is not a directory", exitCode: CLIError.Code.usage)
            }
            let contents = directoryEntries(path) ?? []
            if !contents.isEmpty && !force {
                throw CLIError("\(path): directory is not empty (use --force to write into it)", exitCode: CLIError.Code.usage)
            }
            return
        }
        if let failure = makeDirectories(path) {
            throw CLIError("\(path): cannot create directory (\(String(cString: strerror(failure))))", exitCode: CLIError.Code.cannotWriteOutput)
        }
    }

    /// An output file may be written: it does not exist, or `force` is set.
    static func checkFile(_ path: String, force: Bool) throws(CLIError) {
        guard let isDirectory = kind(of: path) else { return }
        if isDirectory {
            throw CLIError("\(path): is a directory", exitCode: CLIError.Code.usage)
        }
        if !force {
            throw CLIError("\(path): already exists (use --force to overwrite)", exitCode: CLIError.Code.usage)
        }
    }

    /// Removes earlier `frame-NNNN.png` files so a forced rewrite leaves no stale frames behind.
    static func removeStaleFrames(in directory: String) {
        for name in directoryEntries(directory) ?? [] where isFrameFileName(name) {
            _ = unlink(joined(directory, name))
        }
    }

    static func frameFileName(_ index: Int) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
    }

    static func isFrameFileName(_ name: String) -> Bool {
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
        let middle = name.dropFirst(6).dropLast(4)
        return !middle.isEmpty && middle.allSatisfy(\.isNumber)
    }

    /// `name` inside `directory` (one slash between them), as NSString's appendingPathComponent.
    static func joined(_ directory: String, _ name: String) -> String {
        if directory.isEmpty { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The last part of `path` (trailing slashes ignored), as NSString's lastPathComponent.
    static func lastComponent(_ path: String) -> String { Recording.fileName(of: path) }

    /// `name` without its extension (`spinner.gif` → `spinner`; a leading dot is not one).
    static func deletingExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex else { return name }
        return String(name[..<dot])
    }

    /// `path` made absolute (against the working directory) with `.`, `..` and repeated slashes
    /// resolved textually, so two spellings of one output file compare equal.
    static func normalized(_ path: String) -> String {
        var absolute = path
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                absolute = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/" + path
            }
        }
        var parts: [Substring] = []
        for part in absolute.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// true: a directory, false: something else, nil: nothing there (or not reachable).
    private static func kind(of path: String) -> Bool? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The names in a directory (without `.` and `..`), nil if it cannot be read.
    private static func directoryEntries(_ path: String) -> [String]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// `mkdir -p`: nil on success, else the errno of the step that failed.
    private static func makeDirectories(_ path: String) -> Int32? {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part
            if mkdir(prefix, 0o755) != 0 {
                let code = errno
                guard code == EEXIST, kind(of: prefix) == true else { return code }
            }
            prefix += "/"
        }
        return nil
    }
}
