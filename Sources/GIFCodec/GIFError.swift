/// Why a GIF could not be read or written. Every case renders as one line that names the file,
/// e.g. `spinner.gif: truncated image data in frame 12 (12 frames decoded)`.
///
/// Frame numbers are the 0-based indices that `strokescope info` prints.
public struct GIFError: Error, Sendable, Equatable, CustomStringConvertible {
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
        /// The output file exists and overwriting was not asked for.
        case outputExists
        /// The output file could not be created (the system's explanation attached).
        case cannotCreate(String)
        /// Writing failed part-way (the system's or giflib's explanation attached); nothing is
        /// left at the output's path.
        case cannotWrite(String)
        case emptyFile
        /// The file does not start with `GIF8`; `detected` names what it looks like instead.
        case notAGIF(detected: String?)
        /// The file ends inside the header, logical screen descriptor or global palette.
        case truncatedHeader(part: String)
        case zeroSizeScreen(width: Int, height: Int)
        /// The canvas would exceed the pixel limit (`--max-pixels`); refused before allocating.
        case canvasTooLarge(width: Int, height: Int, limit: Int)
        /// More frames than `--max-frames` allows.
        case tooManyFrames(limit: Int)
        /// One frame's rectangle has more pixels than `--max-pixels` allows.
        case frameTooLarge(frame: Int, width: Int, height: Int, limit: Int)
        /// The frames' rectangles add up to more pixels than `--max-total-pixels` allows.
        case tooMuchPixelData(frame: Int, limit: Int)
        /// The file ends inside a block (`part` says which) before `frame`.
        case truncated(part: String, frame: Int, decoded: Int)
        /// The LZW data of `frame` is damaged (not merely cut short).
        case corruptImageData(frame: Int, decoded: Int)
        /// An LZW minimum code size giflib cannot decode (it reads 1–8; some decoders accept up to 11).
        case unsupportedCodeSize(Int, frame: Int, decoded: Int)
        /// giflib ran out of memory.
        case outOfMemory
        /// An encoder input that cannot be written as a GIF.
        case invalidFrame(String)
    }

    /// The process exit code of CLI-CONTRACT.md: 66 when the input cannot be opened, 65 for
    /// malformed data, 64 when an output exists (the command line needs `--force`), 73 when an
    /// output cannot be created, 74 when it could not be written completely.
    public var exitCode: Int32 {
        switch reason {
        case .cannotOpen: return 66
        case .outputExists: return 64
        case .cannotCreate: return 73
        case .cannotWrite: return 74
        case .outOfMemory: return 70
        case .invalidFrame: return 70
        default: return 65
        }
    }

    public var description: String { "\(file): \(message)" }

    /// The reason alone, without the file name.
    public var message: String {
        switch reason {
        case .cannotOpen(let why): return "cannot open (\(why))"
        case .outputExists: return "already exists (use --force to overwrite)"
        case .cannotCreate(let why): return "cannot create (\(why))"
        case .cannotWrite(let why): return "cannot write: \(why)"
        case .emptyFile: return "empty file (0 bytes), not a GIF"
        case .notAGIF(let detected):
            if let detected { return "not a GIF (looks like \(detected))" }
            return "not a GIF (the file does not start with 'GIF8')"
        case .truncatedHeader(let part): return "truncated \(part) (no frames decoded)"
        case .zeroSizeScreen(let w, let h): return "zero-size logical screen (\(w)×\(h))"
        case .canvasTooLarge(let w, let h, let limit):
            return "canvas \(w)×\(h) is \(w * h) pixels, above the limit of \(limit) (raise it with --max-pixels)"
        case .tooManyFrames(let limit):
            return "more than \(limit) frames, the limit (raise it with --max-frames)"
        case .frameTooLarge(let frame, let w, let h, let limit):
            return "frame \(frame) is \(w)×\(h), \(w * h) pixels, above the limit of \(limit) (raise it with --max-pixels)"
        case .tooMuchPixelData(let frame, let limit):
            return "frames 0 to \(frame) hold more than \(limit) pixels in all, the limit (raise it with --max-total-pixels)"
        case .truncated(let part, let frame, let decoded):
            return "truncated \(part) in frame \(frame) (\(Self.frames(decoded)) decoded)"
        case .corruptImageData(let frame, let decoded):
            return "corrupt LZW image data in frame \(frame) (\(Self.frames(decoded)) decoded)"
        case .unsupportedCodeSize(let size, let frame, let decoded):
            return "unsupported LZW minimum code size \(size) in frame \(frame) (giflib reads 1 to 8; \(Self.frames(decoded)) decoded)"
        case .outOfMemory: return "out of memory while decoding"
        case .invalidFrame(let why): return "cannot encode: \(why)"
        }
    }

    private static func frames(_ n: Int) -> String { n == 1 ? "1 frame" : "\(n) frames" }
}
