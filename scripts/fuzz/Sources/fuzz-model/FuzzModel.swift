import AnimationModel
import FuzzSupport

/// Arbitrary text as a model file and as one expression: load, resolve, evaluate at a few
/// instants (and through `strokescope model`, which also formats every value).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModel(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)
    if let expression = try? ModelExpressionParser.parse(text) { _ = try? expression.evaluate([:]) }
    if let document = try? ModelLoader.load(json: text, file: "fuzz.json"),
       let model = try? document.resolve() {
        for t in [-1.0, 0, 0.25, 1, 2.5, 10, 1e6] {
            for layer in model.layers { _ = layer.presentation(at: t) }
        }
    }
    let path = Fuzz.write(bytes, name: "model.json")
    Fuzz.run(["model", path, "--to", "2", "--step", "0.25", "--format", "json"] + Fuzz.limits)
    return 0
}

@_cdecl("fuzz_model_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    Fuzz.driver(argc, argv, fuzzModel)
}
