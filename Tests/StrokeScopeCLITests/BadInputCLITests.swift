import Foundation
import Testing
@testable import StrokeScopeCLI

@Suite("Bad input on the command line: one line on stderr, the contract's exit code")
struct BadInputCLITests {
    @Test("usage errors exit 64 in familiar wording", arguments: [
        (["info", "x.gif", "--fomat", "json"], "error: Unknown option '--fomat'. Did you mean '--format'?"),
        (["info", "x.gif", "--format", "xml"], "error: The value 'xml' is invalid for '--format <format>'. Please provide one of 'table', 'csv', 'json' or 'markdown'."),
        (["info"], "error: Missing expected argument '<file.gif> ...'."),
        (["infi", "x.gif"], "error: Unknown command 'infi'. Did you mean 'info'?"),
        (["info", "x.gif", "--fps", "abc"], "error: The value 'abc' is invalid for '--fps <n>': expected a number between 0.01 and 1000."),
        (["frames", "x.gif"], "error: Missing expected option '--output <dir>' or '--sheet <file.png>'."),
    ])
    func usage(arguments: [String], firstLine: String) {
        let r = strokescope(arguments)
        #expect(r.code == 64)
        #expect(r.errLines.first == firstLine)
        #expect(r.errLines.count == 2)
        #expect(r.errLines.last?.hasPrefix("See 'strokescope") == true)
        #expect(r.out.isEmpty)
    }

    @Test("a missing file exits 66 naming the file")
    func missing() {
        let r = strokescope("info", "/definitely/not/here.gif")
        #expect(r.code == 66)
        #expect(r.errLines == ["error: /definitely/not/here.gif: cannot open (No such file or directory)"])
    }

    @Test("malformed GIFs exit 65 with one line", arguments: [
        ([UInt8](), "empty file (0 bytes), not a GIF or a movie"),
        (Array("hello world".utf8), "not a GIF or a movie (it starts with neither 'GIF8' nor a QuickTime/MPEG-4 box)"),
        (Array("GIF89a".utf8) + [1, 0], "truncated logical screen descriptor (no frames decoded)"),
    ])
    func malformed(bytes: [UInt8], message: String) {
        let path = writeFile(bytes)
        let r = strokescope("info", path)
        #expect(r.code == 65)
        #expect(r.errLines == ["error: \(path): \(message)"])
    }

    @Test("a truncated GIF fails with the frame count; --lenient goes on and says so")
    func truncated() throws {
        let full = try Data(contentsOf: URL(fileURLWithPath: try sampleGIF()))
        let path = writeFile(Array(full.prefix(full.count - 4)))
        let strict = strokescope("info", path)
        #expect(strict.code == 65)
        #expect(strict.errLines.count == 1)
        #expect(strict.err.contains("frames decoded)") || strict.err.contains("frame decoded)"))
        let lenient = strokescope("info", path, "--lenient", "--format", "json")
        #expect(lenient.code == 0)
        #expect(lenient.err.contains("--lenient"))
    }

    @Test("--max-pixels refuses a large canvas before decoding")
    func maxPixels() throws {
        let r = strokescope("info", try sampleGIF(), "--max-pixels", "40")
        #expect(r.code == 65)
        #expect(r.err.contains("above the limit of 40"))
    }
}
