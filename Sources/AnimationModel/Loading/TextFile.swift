#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a text file could not be read (``TextFile/read(path:maxBytes:)``).
public enum TextFileError: Error, Sendable, Equatable {
    /// The system could not open or read it; its own wording ("No such file or directory",
    /// "is a directory").
    case unreadable(String)
    /// Over the byte limit given.
    case tooLarge
    /// Not UTF-8: the first bad byte's line and column (1-based, columns in characters).
    case notUTF8(line: Int, column: Int)
}

/// Reading a whole text file with the C library rather than Foundation (which the static
/// executable does not link): one reader for model files (`ModelLoader`) and source files
/// (`strokescope import`), so both refuse the same things the same way.
public enum TextFile {
    /// The file's text: at most `maxBytes` (checked on the size the system reports and again
    /// while reading, since a file may grow and a pipe reports none, so nothing past the limit is
    /// ever held), valid UTF-8 (a bad byte is an error, not silently replaced).
    public static func read(path: String, maxBytes: Int) throws(TextFileError) -> String {
        guard let file = fopen(path, "rb") else { throw .unreadable(String(cString: strerror(errno))) }
        defer { fclose(file) }
        var status = stat()
        guard fstat(fileno(file), &status) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
        // fopen succeeds on a directory on Linux; the read would then fail with a vaguer reason.
        if (status.st_mode & S_IFMT) == S_IFDIR { throw .unreadable("is a directory") }
        if Int(status.st_size) > maxBytes { throw .tooLarge }

        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > maxBytes { throw .tooLarge }
            if n < chunk.count {
                if ferror(file) != 0 { throw .unreadable(String(cString: strerror(errno))) }
                break
            }
        }
        return try text(bytes)
    }

    /// The bytes as a string, or where the first byte that is not UTF-8 stands.
    public static func text(_ bytes: [UInt8]) throws(TextFileError) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var line = 1, column = 1
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1, encoded.first == 0x0A {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .error, .emptyInput:
                break loop
            }
        }
        throw .notUTF8(line: line, column: column)
    }
}
