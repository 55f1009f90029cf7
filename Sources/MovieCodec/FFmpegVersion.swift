internal import CFFmpeg

/// The versions of FFmpeg's libraries this build runs with, for `--version` and reports.
public enum FFmpegVersion {
    /// libavformat's and libavcodec's versions as "major.minor.micro" (this loads FFmpeg), or
    /// why its libraries cannot be loaded.
    public static var libraries: String {
        func text(_ v: UInt32) -> String { "\(v >> 16).\((v >> 8) & 0xFF).\(v & 0xFF)" }
        if let why = ffmpeg.require() { return "FFmpeg unavailable (\(why))" }
        return "libavformat \(text(ffmpeg.avformat_version())), libavcodec \(text(ffmpeg.avcodec_version()))"
    }
}
