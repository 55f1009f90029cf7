#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An output text file written in pieces (the HTML report streams one frame at a time), created
/// only if missing unless `overwrite`.
final class TextFileWriter {
    let path: String
    private var fd: Int32

    init(path: String, overwrite: Bool) throws(CLIError) {
        self.path = path
        let flags = O_WRONLY | O_CREAT | (overwrite ? O_TRUNC : O_EXCL)
        fd = open(path, flags, 0o644)
        guard fd >= 0 else {
            let code = errno
            if code == EEXIST { throw CLIError("\(path): already exists (use --force to overwrite)", exitCode: CLIError.Code.usage) }
            throw CLIError("\(path): cannot write (\(String(cString: strerror(code))))", exitCode: CLIError.Code.cannotWriteOutput)
        }
    }

    deinit { if fd >= 0 { close(fd) } }

    func write(_ text: String) throws(CLIError) {
        var text = text
        let failure: Int32? = text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = systemWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return errno }
                offset += n
            }
            return nil
        }
        if let failure {
            throw CLIError("\(path): cannot write (\(String(cString: strerror(failure))))", exitCode: CLIError.Code.cannotWriteOutput)
        }
    }

    func finish() throws(CLIError) {
        let result = close(fd)
        fd = -1
        if result != 0 { throw CLIError("\(path): cannot write (\(String(cString: strerror(errno))))", exitCode: CLIError.Code.cannotWriteOutput) }
    }
}

/// Writes `text` to `path` in one go (an existing file only with `overwrite`).
func writeText(_ text: String, to path: String, overwrite: Bool) throws(CLIError) {
    let writer = try TextFileWriter(path: path, overwrite: overwrite)
    try writer.write(text)
    try writer.finish()
}
