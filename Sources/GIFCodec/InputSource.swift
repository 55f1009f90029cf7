internal import CGIFLib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file giflib reads through: a buffered `FILE*` we own, so that we know the byte offset
/// (for messages and trailing-byte checks) and the system's reason when opening fails.
final class InputSource {
    let path: String
    private let file: UnsafeMutablePointer<FILE>
    /// Bytes consumed so far.
    private(set) var offset = 0
    /// File size at open time.
    let size: Int
    /// The last byte read; giflib does not say which byte it rejected.
    private(set) var lastByte: UInt8 = 0

    init(path: String) throws(GIFError) {
        self.path = path
        guard let f = fopen(path, "rb") else {
            throw GIFError(file: path, reason: .cannotOpen(String(cString: strerror(errno))))
        }
        var st = stat()
        guard fstat(fileno(f), &st) == 0 else {
            let why = String(cString: strerror(errno))
            fclose(f)
            throw GIFError(file: path, reason: .cannotOpen(why))
        }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            fclose(f)
            throw GIFError(file: path, reason: .cannotOpen("is a directory"))
        }
        file = f
        size = Int(st.st_size)
    }

    deinit { fclose(file) }

    /// Reads up to `count` bytes into `buffer`; fewer at the end of the file.
    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        let n = fread(buffer, 1, count, file)
        if n > 0 { lastByte = buffer[n - 1] }
        offset += n
        return n
    }

    /// The first bytes of the file, for naming a format that is not GIF. Leaves the offset alone.
    func peekHead(_ count: Int) -> [UInt8] {
        let saved = ftell(file)
        defer { fseek(file, saved, SEEK_SET) }
        fseek(file, 0, SEEK_SET)
        var bytes = [UInt8](repeating: 0, count: count)
        let n = fread(&bytes, 1, count, file)
        return Array(bytes.prefix(n))
    }

    var atEnd: Bool { offset >= size }
}

/// giflib's input callback: `UserData` carries the `InputSource`.
let gifInputFunction: InputFunc = { gif, buffer, length in
    guard let gif, let buffer, length > 0, let user = gif.pointee.UserData else { return 0 }
    let source = Unmanaged<InputSource>.fromOpaque(user).takeUnretainedValue()
    return Int32(source.read(into: buffer, count: Int(length)))
}
