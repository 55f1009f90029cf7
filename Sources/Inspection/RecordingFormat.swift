import MovieCodec
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What kind of file a recording is, told from its first bytes (never from its name).
public enum RecordingFormat: String, Sendable, Equatable {
    /// An animated GIF (and anything that is not a movie: the GIF decoder names what it is).
    case gif
    /// A QuickTime/MPEG-4 movie (`.mov`, `.mp4`, `.m4v`).
    case movie

    /// The format of the file at `path`; `gif` when it cannot be read (the GIF decoder then
    /// reports why, as before movies were read).
    public static func detect(_ path: String) -> RecordingFormat {
        guard let f = fopen(path, "rb") else { return .gif }
        defer { fclose(f) }
        var head = [UInt8](repeating: 0, count: MovieSniffer.headLength)
        let n = fread(&head, 1, head.count, f)
        return MovieSniffer.isMovie(Array(head.prefix(n))) ? .movie : .gif
    }
}
