import FuzzSupport
import GIFCodec

/// Arbitrary bytes as a GIF: decode and composite every frame, then `inspect` it (which finds
/// rings, measures ends and periods) and `info --format json`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let path = Fuzz.write(UnsafeRawBufferPointer(start: data, count: size), name: "input.gif")
    let options = GIFDecodeOptions(maxPixels: 250_000, lenient: true, maxFrames: 300, maxTotalPixels: 20_000_000)
    if let decoder = try? GIFDecoder(path: path, options: options) {
        while let frame = try? decoder.next() { _ = frame.image.pixels.count }
    }
    Fuzz.run(["info", path, "--format", "json"] + Fuzz.limits)
    Fuzz.run(["inspect", path, "--format", "json", "--lenient"] + Fuzz.limits, environment: Fuzz.environment(forInputOfSize: size))
    return 0
}

@_cdecl("fuzz_gif_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    Fuzz.driver(argc, argv, fuzzGIF)
}
