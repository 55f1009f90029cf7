internal import CFFmpeg
import Synchronization

/// FFmpeg's functions, loaded the first time a movie is opened or written rather than when the
/// process starts: Debian's FFmpeg maps about 130 shared libraries, which a GIF-only run should
/// never pay for (CFFmpeg's functions.h; docs/internals/decisions.md, "Start-up cost of linking
/// FFmpeg").
///
/// Calls read `ffmpeg.avcodec_send_packet(…)`: the member is the function the installed
/// headers declare, with their exact type. Every path into FFmpeg starts at an entry point
/// (`MovieContainer.init`, `MovieEncoder.init`) that calls `require` first, which turns a
/// missing library into a `MovieError` instead of a crash.
@dynamicMemberLookup
struct FFmpegLibrary: @unchecked Sendable {
    // Sendable by construction: filled once inside the global's thread-safe lazy
    // initialisation, read-only afterwards.
    private let functions: UnsafeMutablePointer<strokescope_ffmpeg>?
    /// Why the libraries could not be loaded (the dynamic loader's words), when they could not.
    let failure: String?

    fileprivate init() {
        let table = UnsafeMutablePointer<strokescope_ffmpeg>.allocate(capacity: 1)
        if let why = strokescope_ffmpeg_load(table) {
            table.deallocate()
            functions = nil
            failure = String(cString: why)
        } else {
            functions = table
            failure = nil
        }
    }

    /// The table itself, for the shim's helpers that call FFmpeg from C.
    var table: UnsafePointer<strokescope_ffmpeg> {
        guard let functions else { preconditionFailure("FFmpeg called before FFmpegLibrary.require: \(failure ?? "")") }
        return UnsafePointer(functions)
    }

    subscript<Function>(dynamicMember member: KeyPath<strokescope_ffmpeg, Function>) -> Function {
        table.pointee[keyPath: member]
    }

    /// Loads the libraries if this is the first call, or says why they cannot be.
    func require() -> String? { failure }

    /// Runs `body`, one caller at a time in the process. For the calls that set up a codec or a
    /// conversion (`avcodec_open2`, `sws_getContext` and its coefficients): libx264, libx265
    /// and libswscale fill shared tables there, and two threads setting up at once (a movie
    /// decoded while another is encoded, as the tests and a library user may do) race, and the
    /// same frames then come out as other bytes. Converting and encoding are not serialised.
    func settingUp<Result>(_ body: () -> Result) -> Result {
        FFmpegLibrary.setUp.withLock { _ in body() }
    }

    private static let setUp = Mutex(())
}

/// The process's FFmpeg, loaded on first use.
let ffmpeg = FFmpegLibrary()
