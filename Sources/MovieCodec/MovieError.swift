/// Why a movie could not be read. Every case renders as one line that names the file, e.g.
/// `capture.mov: truncated movie: no index (moov box); the recording was not finished (…)`.
///
/// Frame numbers are the 0-based indices that `strokescope info` prints.
public struct MovieError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as the user named it.
    public var file: String
    public var reason: Reason

    public init(file: String, reason: Reason) {
        self.file = file
        self.reason = reason
    }

    public enum Reason: Sendable, Equatable {
        /// The file could not be opened or read (the system's explanation attached).
        case cannotOpen(String)
        /// The file is not a QuickTime/MPEG-4 movie (no `ftyp`, `moov`, `mdat` … box at its start).
        case notAMovie
        /// The container has no index (`moov` box): a recording stopped before it was finished
        /// (a killed `recordVideo`), or a file cut short.
        case missingIndex
        /// The container could not be parsed (FFmpeg's explanation attached).
        case unreadableContainer(String)
        /// The movie has no video stream (sound only, or metadata).
        case noVideoStream
        /// No decoder in this FFmpeg build for the stream's codec (its name attached).
        case unsupportedCodec(String)
        /// The stream's size is zero or unknown.
        case zeroSize(width: Int, height: Int)
        /// The frames would exceed the pixel limit (`--max-pixels`); refused before decoding.
        case frameTooLarge(width: Int, height: Int, limit: Int)
        /// More frames than `--max-frames` allows.
        case tooManyFrames(limit: Int)
        /// The compressed data ends or breaks before `frame` (FFmpeg's explanation attached).
        case corruptData(String, frame: Int, decoded: Int)
        /// The stream decodes to no frame at all.
        case noFrames
        /// FFmpeg ran out of memory.
        case outOfMemory
        /// FFmpeg's shared libraries could not be loaded (the dynamic loader's words attached):
        /// the installation is broken, not the file.
        case ffmpegUnavailable(String)
    }

    /// The process exit code of CLI-CONTRACT.md: 66 when the input cannot be opened, 70 when
    /// memory ran out or FFmpeg's libraries cannot be loaded, 65 for everything the file itself is to blame for.
    public var exitCode: Int32 {
        switch reason {
        case .cannotOpen: 66
        case .outOfMemory, .ffmpegUnavailable: 70
        default: 65
        }
    }

    public var description: String { "\(file): \(message)" }

    /// The reason alone, without the file name.
    public var message: String {
        switch reason {
        case .cannotOpen(let why): return "cannot open (\(why))"
        case .notAMovie: return "not a QuickTime or MPEG-4 movie"
        case .missingIndex:
            return "truncated movie: no index (moov box), so no frame can be located; the recording was stopped before it was finished (e.g. killed), or the file was cut short"
        case .unreadableContainer(let why): return "cannot read the movie's container (\(why))"
        case .noVideoStream: return "the movie has no video stream"
        case .unsupportedCodec(let name): return "unsupported video codec '\(name)' (this FFmpeg build has no decoder for it)"
        case .zeroSize(let w, let h): return "zero-size video stream (\(w)×\(h))"
        case .frameTooLarge(let w, let h, let limit):
            return "frames are \(w)×\(h), \(w * h) pixels, above the limit of \(limit) (raise it with --max-pixels)"
        case .tooManyFrames(let limit): return "more than \(limit) frames, the limit (raise it with --max-frames)"
        case .corruptData(let why, let frame, let decoded):
            return "damaged or truncated video data at frame \(frame) (\(why); \(decoded == 1 ? "1 frame" : "\(decoded) frames") decoded)"
        case .noFrames: return "the video stream decodes to no frame"
        case .outOfMemory: return "out of memory while decoding"
        case .ffmpegUnavailable(let why): return "cannot read movies: FFmpeg's libraries could not be loaded (\(why))"
        }
    }
}
