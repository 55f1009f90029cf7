import FuzzSupport

/// A model and a GIF from one input: the first two bytes give the model's length (little
/// endian), the model text follows, the rest is the GIF. Runs `fit` (with the rate free, so the
/// whole search runs) and `check`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFit(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size >= 2 else { return 0 }
    let length = min(Int(data[0]) | Int(data[1]) << 8, size - 2)
    let model = Fuzz.write(UnsafeRawBufferPointer(start: data + 2, count: length), name: "model.json")
    let gif = Fuzz.write(UnsafeRawBufferPointer(start: data + 2 + length, count: size - 2 - length), name: "input.gif")
    let environment = Fuzz.environment(forInputOfSize: size)
    Fuzz.run(["fit", gif, "--model", model, "--format", "json", "--lenient"] + Fuzz.fitLimits, environment: environment)
    Fuzz.run(["check", gif, "--model", model, "--rate", "1", "--lenient"] + Fuzz.fitLimits, environment: environment)
    return 0
}

@_cdecl("fuzz_fit_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    Fuzz.driver(argc, argv, fuzzFit)
}
