import Foundation
import MovieCodec
import Testing

/// FFmpeg is opened on first use, never linked (CFFmpeg's functions.h, MovieCodec's
/// FFmpegLibrary): a GIF-only run must not map its libraries.
@Suite struct FFmpegLoadingTests {
    @Test func versionsComeFromTheLoadedLibraries() {
        let text = FFmpegVersion.libraries
        #expect(text.hasPrefix("libavformat "), "\(text)")
        #expect(text.contains(", libavcodec "), "\(text)")
    }

    #if os(Linux)
    /// The test executable is linked as the tool is: without FFmpeg among its needed libraries.
    @Test func executablesDoNotLinkFFmpeg() throws {
        let ldd = Process()
        ldd.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        // ldd would read its own /proc/self/exe: name this process's executable instead.
        ldd.arguments = [try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")]
        let pipe = Pipe()
        ldd.standardOutput = pipe
        try ldd.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ldd.waitUntilExit()
        #expect(ldd.terminationStatus == 0)
        #expect(output.contains("libc.so"), "ldd read nothing: \(output)")
        for library in ["libavformat", "libavcodec", "libswscale", "libavutil"] {
            #expect(!output.contains(library), "\(library) is linked:\n\(output)")
        }
    }
    #endif

    @Test func missingLibrariesAreOneLineErrorsNotCrashes() {
        let decoding = MovieError(file: "rec.mov", reason: .ffmpegUnavailable("libavformat.so.59: cannot open shared object file"))
        #expect(decoding.description == "rec.mov: cannot read movies: FFmpeg's libraries could not be loaded (libavformat.so.59: cannot open shared object file)")
        #expect(decoding.exitCode == 70)
        let encoding = MovieEncodingError(file: "out.mp4", reason: .ffmpegUnavailable("missing function sws_scale"))
        #expect(encoding.description == "out.mp4: cannot write movies: FFmpeg's libraries could not be loaded (missing function sws_scale)")
        #expect(encoding.exitCode == 70)
    }
}
