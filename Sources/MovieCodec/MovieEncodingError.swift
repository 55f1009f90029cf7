/// Why a movie could not be written. Every case renders as one line that names the file, e.g.
/// `spinner.mp4: cannot write: No space left on device`.
public struct MovieEncodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The output as the user named it.
    public var file: String
    public var reason: Reason

    public init(file: String, reason: Reason) {
        self.file = file
        self.reason = reason
    }

    public enum Reason: Sendable, Equatable {
        /// The output file exists and overwriting was not asked for.
        case outputExists
        /// The output file could not be created (the system's explanation attached).
        case cannotCreate(String)
        /// Writing failed part-way (the system's explanation attached); nothing is left at the
        /// output's path.
        case cannotWrite(String)
        /// This FFmpeg has no such encoder (e.g. built without libx265).
        case encoderUnavailable(String)
        /// The path's extension names no movie container this encoder writes.
        case unsupportedContainer(String)
        /// A frame or a setting that cannot be encoded (wrong size, timestamps out of order).
        case invalidFrame(String)
        /// An FFmpeg call failed: `step` says which, `message` is FFmpeg's explanation.
        case ffmpeg(step: String, message: String)
        /// FFmpeg's shared libraries could not be loaded (the dynamic loader's words attached).
        case ffmpegUnavailable(String)
    }

    /// The process exit code of CLI-CONTRACT.md: 64 when the output exists (the command line
    /// needs `--force`) or its extension is not a movie's, 73 when the output cannot be created
    /// (including a missing encoder), 74 when it could not be written completely, 70 otherwise.
    public var exitCode: Int32 {
        switch reason {
        case .outputExists, .unsupportedContainer: return 64
        case .cannotCreate, .encoderUnavailable: return 73
        case .cannotWrite: return 74
        case .invalidFrame, .ffmpeg, .ffmpegUnavailable: return 70
        }
    }

    public var description: String { "\(file): \(message)" }

    /// The reason alone, without the file name.
    public var message: String {
        switch reason {
        case .outputExists: return "already exists (use --force to overwrite)"
        case .cannotCreate(let why): return "cannot create (\(why))"
        case .cannotWrite(let why): return "cannot write: \(why)"
        case .encoderUnavailable(let name): return "cannot create (this FFmpeg has no \(name) encoder)"
        case .unsupportedContainer(let ext):
            return "cannot write a movie with the extension '\(ext)' (use .mp4, .m4v or .mov)"
        case .invalidFrame(let why): return "cannot encode: \(why)"
        case .ffmpeg(let step, let message): return "cannot encode: \(step) failed (\(message))"
        case .ffmpegUnavailable(let why): return "cannot write movies: FFmpeg's libraries could not be loaded (\(why))"
        }
    }
}
