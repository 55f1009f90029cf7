import GIFCodec
import MovieCodec

/// A recording to inspect: an animated GIF or a QuickTime/MPEG-4 movie (told apart by content),
/// how to decode it (limits, leniency) and how its frames are timed. Opening it reads the header
/// (a movie's container), so a missing, unreadable or oversized file fails here, before any work.
public struct Recording: Sendable {
    /// The file, as given (messages name it so).
    public let path: String
    /// Whether the file is a GIF or a movie.
    public let format: RecordingFormat
    /// Limits and leniency of the decoder (a movie's decoder takes the same).
    public var decoding: GIFDecodeOptions
    /// How frame times are derived: a GIF's stored delays under a policy, a movie's
    /// timestamps, or a fixed rate.
    public var timing: FrameTiming
    /// The logical screen (a movie's frame size), in pixels.
    public let width: Int
    public let height: Int
    /// A movie's video stream as its container describes it (nil for a GIF; `MovieDecoder.probe`).
    public let movie: MovieStructure?

    /// Opens the GIF or movie at `path`. A movie's frames are timed by their timestamps
    /// whatever delay policy `timing` names (a GIF's delay policies have nothing to act on in a
    /// movie); `evenlySpaced` (`--fps`) still overrides them.
    public init(contentsOf path: String, decoding: GIFDecodeOptions = GIFDecodeOptions(),
                timing: FrameTiming = .delays(.raw)) throws(InspectionError) {
        self.path = path
        self.decoding = decoding
        format = RecordingFormat.detect(path)
        switch format {
        case .gif:
            do {
                let decoder = try GIFDecoder(path: path, options: decoding)
                width = decoder.screen.width
                height = decoder.screen.height
                movie = nil
            } catch {
                throw .decoding(error)
            }
            self.timing = timing.resolved(for: .gif)
        case .movie:
            do {
                // The container's description: decoding starts with the inspection.
                let structure = try MovieDecoder.probe(path: path, options: RecordingDecoder.movieOptions(decoding, threads: 1))
                width = structure.width
                height = structure.height
                movie = structure
            } catch {
                throw .movie(error)
            }
            self.timing = timing.resolved(for: .movie)
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
