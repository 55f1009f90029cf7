import Foundation
import GIFCodec
import Raster
import Testing
@testable import StrokeScopeCLI

@Suite("Limits: exit 65 naming the flag that raises them")
struct LimitTests {
    @Test("--max-frames stops at the frame past the limit, even with --lenient")
    func frames() throws {
        let gif = try sampleGIF(delays: [4, 4, 4, 4])
        for extra in [[String](), ["--lenient"]] {
            let r = strokescope(["info", gif, "--max-frames", "3"] + extra)
            #expect(r.code == 65)
            #expect(r.errLines == ["error: \(gif): more than 3 frames, the limit (raise it with --max-frames)"])
        }
        #expect(strokescope("info", gif, "--max-frames", "4").code == 0)
    }

    @Test("--max-total-pixels bounds the decoding work of all frames together")
    func totalPixels() throws {
        let gif = try sampleGIF(delays: [4, 4, 4])  // 48 + 6 + 6 pixels
        let r = strokescope("info", gif, "--max-total-pixels", "55")
        #expect(r.code == 65)
        #expect(r.errLines == ["error: \(gif): frames 0 to 2 hold more than 55 pixels in all, the limit (raise it with --max-total-pixels)"])
        #expect(strokescope("info", gif, "--max-total-pixels", "60").code == 0)
    }

    @Test("a frame rectangle larger than --max-pixels is refused before its data is decoded")
    func hugeFrame() throws {
        // An 8×6 screen with one 4000×3000 image whose data is a single clear code: the header
        // asks for 12 megapixels of decoding.
        var bytes = Array("GIF89a".utf8) + [8, 0, 6, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        bytes += [0x2C, 0, 0, 0, 0, 0xA0, 0x0F, 0xB8, 0x0B, 0, 2, 2, 0x44, 0x01, 0, 0x3B]
        let path = writeFile(bytes)
        let r = strokescope("info", path, "--max-pixels", "1000000")
        #expect(r.code == 65)
        #expect(r.errLines == ["error: \(path): frame 0 is 4000×3000, 12000000 pixels, above the limit of 1000000 (raise it with --max-pixels)"])
    }

    @Test("model files over --max-model-bytes and over-long expressions are refused")
    func modelLimits() throws {
        let dir = temporaryDirectory()
        let model = ModelCommandTests.fixture("loading-spinner.json")
        let size = try FileManager.default.attributesOfItem(atPath: model)[.size] as! Int
        let r = strokescope("model", model, "--max-model-bytes", String(size - 1))
        #expect(r.code == 65)
        #expect(r.errLines == ["error: \(model): larger than \(size - 1) bytes, the limit for a model file (raise it with --max-model-bytes)"])
        #expect(strokescope("model", model, "--max-model-bytes", String(size), "--to", "0.1").code == 0)
        let long = dir + "/long.json"
        let expression = Array(repeating: "1", count: 2100).joined(separator: "+")
        try "{\"format\": \"strokescope-model/1\", \"name\": \"x\", \"variables\": {\"D\": \"\(expression)\"}, \"layers\": []}"
            .write(toFile: long, atomically: true, encoding: .utf8)
        let l = strokescope("model", long)
        #expect(l.code == 65)
        #expect(l.errLines.first?.contains("expression of 4199 characters, longer than the limit of 4096") == true, "\(l.err)")
    }
}
