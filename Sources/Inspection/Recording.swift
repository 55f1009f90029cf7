import GIFCodec

/// A recording to inspect: an animated GIF, how to decode it (limits, leniency) and how its
/// frames are timed. Opening it reads the header, so a missing, unreadable or oversized file
/// fails here, before any work.
public struct Recording: Sendable {
    /// The file, as given (messages name it so).
    public let path: String
    /// Limits and leniency of the decoder.
    public var decoding: GIFDecodeOptions
    /// How frame times are derived: the stored delays under a policy, or a fixed rate.
    public var timing: FrameTiming
    /// The logical screen, in pixels.
    public let width: Int
    public let height: Int

    /// Opens the GIF at `path`.
    public init(contentsOf path: String, decoding: GIFDecodeOptions = GIFDecodeOptions(),
                timing: FrameTiming = .delays(.raw)) throws(InspectionError) {
        self.path = path
        self.decoding = decoding
        self.timing = timing
        do {
            let decoder = try GIFDecoder(path: path, options: decoding)
            width = decoder.screen.width
            height = decoder.screen.height
        } catch {
            throw .decoding(error)
        }
    }

    /// The file's name: the last part of `path` (trailing slashes ignored).
    public var fileName: String { Self.fileName(of: path) }

    /// The last part of `path` (trailing slashes ignored), as NSString's lastPathComponent.
    public static func fileName(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }
}
