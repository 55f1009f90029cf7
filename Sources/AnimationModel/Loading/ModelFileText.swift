#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a model file's bytes and checking that they are UTF-8, with the C library rather than
/// Foundation so this module stays light; the system's own wording explains a failure to open.
enum ModelFileText {
    static func read(path: String, maxBytes: Int = ModelLoader.defaultMaxBytes) throws(ModelError) -> String {
        func unreadable(_ why: String) -> ModelError {
            ModelError(file: path, kind: .unreadable, message: "cannot open (\(why))")
        }
        guard let file = fopen(path, "rb") else { throw unreadable(String(cString: strerror(errno))) }
        defer { fclose(file) }
        var status = stat()
        guard fstat(fileno(file), &status) == 0 else { throw unreadable(String(cString: strerror(errno))) }
        // fopen succeeds on a directory on Linux; the read would then fail with a vaguer reason.
        if (status.st_mode & S_IFMT) == S_IFDIR { throw unreadable("is a directory") }
        // Checked on the size the system reports and again while reading (a file may grow, and
        // a pipe reports none), so nothing past the limit is ever held.
        func tooLarge() -> ModelError {
            ModelError(file: path, kind: .invalid, message: "larger than \(maxBytes) bytes, the limit for a model file (raise it with --max-model-bytes)")
        }
        if Int(status.st_size) > maxBytes { throw tooLarge() }

        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > maxBytes { throw tooLarge() }
            if n < chunk.count {
                if ferror(file) != 0 { throw unreadable(String(cString: strerror(errno))) }
                break
            }
        }
        return try text(bytes, file: path)
    }

    /// The bytes as a string, or a syntax error at the first byte that is not UTF-8 (rather than
    /// silently replacing it, which would move the problem somewhere less obvious).
    static func text(_ bytes: [UInt8], file: String) throws(ModelError) -> String {
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
        throw ModelError(file: file, kind: .syntax(line: line, column: column), message: "not UTF-8 text")
    }
}
