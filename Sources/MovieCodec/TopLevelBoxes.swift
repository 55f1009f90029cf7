#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Walks the top-level boxes of an ISO base media file by their headers (size and type), to
/// tell a file with no index (`moov`) from one whose index is damaged.
enum TopLevelBoxes {
    /// Whether a top-level box of `type` starts within the file (a box cut short counts).
    static func contains(_ type: String, in path: String) -> Bool {
        guard let f = fopen(path, "rb") else { return false }
        defer { fclose(f) }
        var offset: Int64 = 0
        // A file of many tiny boxes is bounded by the walk's step count, not its size.
        for _ in 0..<10_000 {
            var header = [UInt8](repeating: 0, count: 16)
            guard fseeko(f, off_t(offset), SEEK_SET) == 0, fread(&header, 1, 8, f) == 8 else { return false }
            var size = header[0..<4].reduce(Int64(0)) { $0 << 8 | Int64($1) }
            if String(decoding: header[4..<8], as: UTF8.self) == type { return true }
            if size == 1 {
                guard fread(&header[8], 1, 8, f) == 8 else { return false }
                size = header[8..<16].reduce(Int64(0)) { $0 << 8 | Int64($1) }
            }
            // 0: the box runs to the end of the file.
            guard size >= 8 else { return false }
            offset += size
        }
        return false
    }
}
