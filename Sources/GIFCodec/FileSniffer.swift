/// Names common non-GIF formats from their first bytes, so "not a GIF" can say what the file is
/// (a screen recording saved as `.mov` and renamed is the usual culprit).
enum FileSniffer {
    static func describe(_ head: [UInt8]) -> String? {
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && Array(head[offset..<offset + magic.count]) == magic
        }
        let ascii = { (s: String) in Array(s.utf8) }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "a PNG image" }
        if starts([0xFF, 0xD8, 0xFF]) { return "a JPEG image" }
        if starts(ascii("RIFF")) && starts(ascii("WEBP"), at: 8) { return "a WebP image" }
        if starts(ascii("ftyp"), at: 4) {
            if starts(ascii("qt  "), at: 8) { return "a QuickTime movie" }
            if starts(ascii("heic"), at: 8) || starts(ascii("mif1"), at: 8) { return "a HEIF image" }
            return "an MP4/QuickTime movie"
        }
        if starts(ascii("moov"), at: 4) || starts(ascii("mdat"), at: 4) || starts(ascii("wide"), at: 4) {
            return "a QuickTime movie"
        }
        if starts([0x1A, 0x45, 0xDF, 0xA3]) { return "a WebM/Matroska video" }
        if starts(ascii("BM")) && head.count >= 14 { return "a BMP image" }
        if starts(ascii("<svg")) || starts(ascii("<?xml")) { return "an SVG/XML document" }
        if starts(ascii("{")) { return "a JSON document" }
        return nil
    }
}
