#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AnimationModel
import FuzzSupport
import JSON

/// Structured mutation of numbers (issue 20): the input picks one of the bundled models and up
/// to four of its numeric fields, and gives each a new value — an extreme (0, −0, 5e-324,
/// ±1e308, 2^63, 1/0, 0/0, …), any double from eight bytes, or a small integer — written as an
/// expression string, which every numeric field takes. The model stays valid JSON and keeps its
/// shape, so the inputs reach the loader's checks, evaluation, `render` and `fit`, not only the
/// JSON parser. `fit` runs on a small render of the unmutated model (30×30 to 150×150 px, 8
/// frames) with the rate pinned: the free-rate search takes over a minute under the
/// instrumentation on a busy machine even for an unchanged model (the first `timeout` this
/// target found), and fuzz-fit covers it; the numbers are checked before the search begins.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNumeric(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first, !NumericFuzz.models.isEmpty else { return 0 }
    let model = NumericFuzz.models[Int(first) % NumericFuzz.models.count]
    var document = model.document
    var at = 1
    var mutations = 0
    // Each mutation: two bytes choose the field, one the kind of value, eight its payload.
    while at + 11 <= bytes.count, mutations < 4 {
        let field = model.fields[(Int(bytes[at]) | Int(bytes[at + 1]) << 8) % model.fields.count]
        let value = NumericFuzz.value(kind: bytes[at + 2], payload: Array(bytes[(at + 3)..<(at + 11)]))
        document = ModelNumericFields.replacing(document, at: field[...], with: .string(value))
        at += 11
        mutations += 1
    }
    let text = Array(document.serialized().utf8)
    let path = text.withUnsafeBytes { Fuzz.write($0, name: "numeric.json") }
    let out = Fuzz.directory + "/numeric-out.gif"
    Fuzz.run(["render", path, "-o", out, "--force", "--size", "48x48", "--duration", "0.3", "--delay-cs", "10"] + Fuzz.limits)
    Fuzz.run(["fit", model.recording, "--model", path, "--format", "json", "--jobs", "1", "--rate", "1"] + Fuzz.fitLimits)
    return 0
}

/// The bundled models, their numeric fields and a small recording of each.
enum NumericFuzz {
    struct Model {
        var document: JSONValue
        var fields: [[ModelNumericFields.Step]]
        var recording: String
    }

    static let extremes = ["0", "-0", "5e-324", "1e-300", "-1", "1e308", "-1e308", "1e19", "9223372036854775808", "1e-9",
                           "1/0", "0/0", "-1/0", "-9223372036854775808", "1e5", "100001", "1e9", "65536", "0.5", "FLT_MAX",
                           "INTMAX_MAX", "HUGE_VALF", "-2.2250738585072014e-308", "1e-320"]

    static let models: [Model] = {
        let root = String(#filePath).split(separator: "/", omittingEmptySubsequences: false).dropLast(5).joined(separator: "/")
        let folder = root + "/fixtures/models"
        let names = ["loading-spinner", "material-spinner", "payment-success", "progress-beside-track", "progress-over-track", "tick-only"]
        return names.compactMap { name -> Model? in
            guard let text = read(folder + "/" + name + ".json"), let document = try? JSONValue.parse(text) else { return nil }
            let recording = Fuzz.directory + "/" + name + ".gif"
            Fuzz.run(["render", folder + "/" + name + ".json", "-o", recording, "--force", "--scale", "0.5",
                      "--duration", "0.4", "--delay-cs", "5", "--quiet"])
            let fields = ModelNumericFields.paths(in: document)
            return fields.isEmpty ? nil : Model(document: document, fields: fields, recording: recording)
        }
    }()

    static func value(kind: UInt8, payload: [UInt8]) -> String {
        var bits: UInt64 = 0
        for (i, b) in payload.enumerated() { bits |= UInt64(b) << (8 * UInt64(i)) }
        switch kind % 4 {
        case 0, 1: return extremes[Int(bits % UInt64(extremes.count))]
        case 2:
            let d = Double(bitPattern: bits)
            return d.isNaN ? "0/0" : d.isInfinite ? (d > 0 ? "1/0" : "-1/0") : "\(d)"
        default: return String(Int64(bitPattern: bits) % 1000)
        }
    }

    static func read(_ path: String) -> String? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

@_cdecl("fuzz_numeric_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    Fuzz.driver(argc, argv, fuzzNumeric)
}
