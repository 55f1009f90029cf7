#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An output file that appears at its path only when it is complete: the bytes go to a
/// temporary file beside it (same folder, so the rename cannot cross file systems), which
/// `commit()` renames into place. A write that fails, or an output never committed, leaves
/// nothing behind, so a half-written report or GIF never looks finished.
///
/// Without `overwrite` an existing file is never replaced, even one that appears while the output
/// is written (the temporary file is linked into place, which fails if the path exists). With
/// `overwrite`, a path that is not a regular file — a device such as `/dev/null` or `/dev/full`,
/// a named pipe, a symbolic link — is written in place, as `open` would, because renaming over
/// it would replace the device node or the link itself.
public final class OutputFile {
    /// The path the output is for, as given.
    public let path: String
    /// Where the bytes go now: the temporary file, or `path` itself when written in place.
    public private(set) var descriptor: Int32
    private let temporary: String?
    private let overwrite: Bool
    private var finished = false

    public init(path: String, overwrite: Bool) throws(OutputFileError) {
        self.path = path
        self.overwrite = overwrite
        var info = stat()
        let exists = lstat(path, &info) == 0
        if exists && !overwrite { throw .exists(path: path) }
        if exists && (info.st_mode & S_IFMT) != S_IFREG {
            let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
            guard fd >= 0 else { throw .cannotCreate(path: path, reason: Self.reason(errno)) }
            descriptor = fd
            temporary = nil
            return
        }
        // A hidden name beside the target; a clash with a leftover is retried with another.
        let (folder, name) = Self.split(path)
        var generator = SystemRandomNumberGenerator()
        var attempt = 0
        while true {
            let candidate = folder + "." + name + ".partial-" + String(generator.next() & 0xFFFF_FFFF, radix: 16)
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 {
                descriptor = fd
                temporary = candidate
                return
            }
            let code = errno
            attempt += 1
            guard code == EEXIST, attempt < 16 else { throw .cannotCreate(path: path, reason: Self.reason(code)) }
        }
    }

    deinit { if !finished { discard() } }

    /// Writes all of `bytes`, retrying short writes and interruptions.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputFileError) {
        let code = writeFully(descriptor, bytes)
        guard code == 0 else {
            discard()
            throw .cannotWrite(path: path, reason: Self.reason(code))
        }
    }

    /// Writes the UTF-8 of `text`.
    public func write(_ text: String) throws(OutputFileError) {
        var text = text
        let result: Result<Void, OutputFileError> = text.withUTF8 { bytes in
            do throws(OutputFileError) { try write(UnsafeRawBufferPointer(bytes)); return .success(()) } catch { return .failure(error) }
        }
        try result.get()
    }

    /// Closes the file and puts it in place. After a failure nothing is left at `path` (unless
    /// it was written in place).
    public func commit() throws(OutputFileError) {
        guard !finished else { return }
        finished = true
        let closed = close(descriptor)
        let closeCode = errno
        descriptor = -1
        guard let temporary else {
            if closed != 0 { throw .cannotWrite(path: path, reason: Self.reason(closeCode)) }
            return
        }
        guard closed == 0 else {
            unlink(temporary)
            throw .cannotWrite(path: path, reason: Self.reason(closeCode))
        }
        if overwrite {
            guard rename(temporary, path) == 0 else {
                let code = errno
                unlink(temporary)
                throw .cannotCreate(path: path, reason: Self.reason(code))
            }
        } else {
            // link() fails on an existing path: an exclusive create, done at the end.
            let linked = link(temporary, path)
            let code = errno
            unlink(temporary)
            if linked != 0 {
                if code == EEXIST { throw .exists(path: path) }
                throw .cannotCreate(path: path, reason: Self.reason(code))
            }
        }
    }

    /// Closes the file and removes what was written (nothing is removed when writing in place).
    public func discard() {
        guard !finished else { return }
        finished = true
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let temporary { unlink(temporary) }
    }

    /// The folder part of `path` with its slash (empty for a bare name), and the name.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// Writes all of `bytes` to `fd`, retrying short writes and `EINTR`: 0, or the errno of the
/// write that failed (`EIO` for one that wrote nothing). Every writer of the tool goes through
/// this, so none can report success for bytes that were lost.
public func writeFully(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
    guard var base = bytes.baseAddress else { return 0 }
    var left = bytes.count
    while left > 0 {
        #if canImport(Glibc)
        let n = Glibc.write(fd, base, left)
        #else
        let n = Darwin.write(fd, base, left)
        #endif
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { return n < 0 ? errno : EIO }
        base += n
        left -= n
    }
    return 0
}
