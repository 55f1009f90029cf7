/// Tells a QuickTime/MPEG-4 movie (ISO base media file) from its first bytes: the file is a
/// sequence of boxes, the first of which is one of a few types (`ftyp` in MPEG-4 and in
/// QuickTime since 2001; `moov`, `mdat`, `wide`, `free`, `skip` in older QuickTime files).
/// Content decides, not the name: a recording renamed `.gif` is still read as a movie.
public enum MovieSniffer {
    /// Bytes `isMovie` needs.
    public static let headLength = 12

    /// Whether `head` (the file's first bytes) starts a QuickTime/MPEG-4 movie.
    public static func isMovie(_ head: [UInt8]) -> Bool {
        guard head.count >= 8 else { return false }
        let type = String(decoding: head[4..<8], as: UTF8.self)
        return ["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"].contains(type)
            && !(type == "ftyp" && head.count >= 12 && ["heic", "heix", "mif1", "msf1", "avif"].contains(String(decoding: head[8..<12], as: UTF8.self)))
    }
}
