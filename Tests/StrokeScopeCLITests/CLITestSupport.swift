import Foundation
import GIFCodec
import Raster
import StrokeScopeCLI

/// What one in-process run of the CLI produced.
struct RunResult {
    var code: Int32
    var out: String
    var err: String
    var errLines: [String] { err.split(separator: "\n").map(String.init) }
}

func strokescope(_ arguments: String...) -> RunResult { strokescope(arguments) }

func strokescope(_ arguments: [String]) -> RunResult {
    let out = BufferSink(), err = BufferSink()
    let code = StrokeScope.run(arguments: arguments, console: Console(out: out, err: err))
    return RunResult(code: code, out: out.text, err: err.text)
}

/// A fresh temporary directory.
func temporaryDirectory() -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strokescope-cli-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}

func writeFile(_ bytes: [UInt8], _ name: String = "in.gif") -> String {
    let path = (temporaryDirectory() as NSString).appendingPathComponent(name)
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
}

let palette: [RGBA] = [.black, .white, RGBA(255, 0, 0), RGBA(0, 255, 0)]

/// A small animation: `delays.count` frames of 8×6, each a different colour stripe.
func sampleGIF(delays: [Int] = [4, 4, 8], loop: Int? = 0) throws -> String {
    let e = try GIFEncoder(width: 8, height: 6, globalPalette: palette, loopCount: loop)
    for (i, d) in delays.enumerated() {
        let rect = PixelRect(x: i % 8, y: 0, width: 1, height: 6)
        let first = i == 0 ? PixelRect(x: 0, y: 0, width: 8, height: 6) : rect
        try e.add(GIFEncodedFrame(rect: first, indices: [UInt8](repeating: UInt8(1 + i % 3), count: first.width * first.height),
                                  delayCentiseconds: d))
    }
    return writeFile(try e.finish())
}

/// The built `strokescope` executable, next to the test bundle.
func builtExecutable() -> URL {
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = dir.appendingPathComponent("strokescope")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        dir = dir.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: ".build/debug/strokescope")
}
