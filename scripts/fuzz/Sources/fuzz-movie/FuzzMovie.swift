import FuzzSupport
import MovieCodec

/// Arbitrary bytes as a QuickTime/MPEG-4 movie: probe the container, scan the timestamps, decode
/// and convert every frame (one thread, then libavcodec's own), then `info --format json` and
/// `inspect` it, as fuzz-gif does for GIFs. Movies are read from paths, so each input is written
/// to a scratch file first; the CLI recognises it by its content, not its name.
///
/// Only StrokeScope's Swift code (MovieCodec, the commands) is instrumented: FFmpeg's libraries
/// are the system's, loaded with dlopen, built without the sanitizer or coverage. The fuzzer is
/// blind inside them (it steers by the Swift side's branches alone), and AddressSanitizer checks
/// none of FFmpeg's own loads and stores, only its calls to malloc, free, memcpy and the like;
/// a fault inside FFmpeg still ends the process and is kept.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMovie(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let path = Fuzz.write(UnsafeRawBufferPointer(start: data, count: size), name: "input.mov")
    // Every other input (by its size) through libavcodec's frame threads, as the CLI's
    // `inspect` decodes; the rest on the calling thread, as batches and the timestamp scan do.
    let options = MovieDecodeOptions(maxPixels: 250_000, maxFrames: 300, lenient: true, threads: size % 2 == 0 ? 0 : 1)
    _ = try? MovieDecoder.probe(path: path, options: options)
    _ = try? MovieTimestampScan.frames(path: path, options: options)
    if let decoder = try? MovieDecoder(path: path, options: options) {
        while let frame = try? decoder.next() { _ = frame.image.pixels.count }
    }
    Fuzz.run(["info", path, "--format", "json"] + Fuzz.limits)
    Fuzz.run(["inspect", path, "--format", "json", "--lenient"] + Fuzz.limits, environment: Fuzz.environment(forInputOfSize: size))
    return 0
}

@_cdecl("fuzz_movie_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    Fuzz.driver(argc, argv, fuzzMovie)
}
