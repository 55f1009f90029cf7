#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AnimationModel

/// Finding and reading source files with the C library (this module stays free of Foundation,
/// which the static executable does not link).
enum SourceFiles {
    enum Kind { case file, directory, missing }

    static func kind(_ path: String) -> Kind {
        var s = stat()
        guard stat(path, &s) == 0 else { return .missing }
        return (s.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
    }

    /// Every file under a folder, recursively (symbolic links to folders are not followed).
    static func walk(_ folder: String, depth: Int = 0) -> [String]? {
        guard depth < 32, let dir = opendir(folder) else { return nil }
        defer { closedir(dir) }
        var found: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { p in
                p.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." || name.hasPrefix(".") { continue }
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            var s = stat()
            guard lstat(path, &s) == 0 else { continue }
            if (s.st_mode & S_IFMT) == S_IFDIR { found += walk(path, depth: depth + 1) ?? [] }
            else if (s.st_mode & S_IFMT) == S_IFREG { found.append(path) }
        }
        return found
    }

    enum ReadFailure: Error { case unreadable(String), tooLarge, binary }

    /// The file's text (AnimationModel's ``TextFile``, the reader model files use), refusing
    /// files over `maxBytes`, with NUL bytes, or not UTF-8.
    static func read(_ path: String, maxBytes: Int) throws(ReadFailure) -> String {
        let text: String
        do {
            text = try TextFile.read(path: path, maxBytes: maxBytes)
        } catch {
            switch error {
            case .unreadable(let why): throw .unreadable(why)
            case .tooLarge: throw .tooLarge
            case .notUTF8: throw .binary
            }
        }
        // Valid UTF-8 may still hold NUL bytes: no source code does.
        guard !text.utf8.contains(0) else { throw .binary }
        return text
    }

    static func lastComponent(_ path: String) -> String {
        String(path.split(separator: "/", omittingEmptySubsequences: true).last ?? Substring(path))
    }

    static func folderName(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        return parts.count >= 2 ? String(parts[parts.count - 2]) : ""
    }
}
