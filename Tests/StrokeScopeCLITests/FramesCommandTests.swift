import Foundation
import Testing
import GIFCodec
import PNGCodec
import Raster
@testable import StrokeScopeCLI

@Suite("strokescope frames")
struct FramesCommandTests {
    @Test("every composited frame is written as a PNG equal to the decoder's canvas")
    func writesFrames() throws {
        let gif = try sampleGIF()
        let dir = (temporaryDirectory() as NSString).appendingPathComponent("frames")
        let r = strokescope("frames", gif, "-o", dir)
        #expect(r.code == 0)
        #expect(r.out == "wrote 3 frames to \(dir)\n")
        let decoder = try GIFDecoder(path: gif)
        var index = 0
        while let frame = try decoder.next() {
            let png = try RGBAImage(pngFile: (dir as NSString).appendingPathComponent(String(format: "frame-%04d.png", index)))
            #expect(png == frame.image)
            index += 1
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).count == 3)
    }

    @Test("a non-empty output directory needs --force, which also removes stale frames")
    func force() throws {
        let dir = temporaryDirectory()
        _ = FileManager.default.createFile(atPath: dir + "/frame-0009.png", contents: Data([1]))
        _ = FileManager.default.createFile(atPath: dir + "/notes.txt", contents: Data([1]))
        let refused = strokescope("frames", try sampleGIF(), "-o", dir)
        #expect(refused.code == 64)
        #expect(refused.errLines == ["error: \(dir): directory is not empty (use --force to write into it)"])
        let forced = strokescope("frames", try sampleGIF(), "-o", dir, "--force")
        #expect(forced.code == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(names == ["frame-0000.png", "frame-0001.png", "frame-0002.png", "notes.txt"])
    }

    @Test("the contact sheet is written, and an existing sheet is not overwritten without --force")
    func sheet() throws {
        let gif = try sampleGIF()
        let sheet = (temporaryDirectory() as NSString).appendingPathComponent("sheet.png")
        let r = strokescope("frames", gif, "--sheet", sheet)
        #expect(r.code == 0)
        let image = try RGBAImage(pngFile: sheet)
        #expect(image.width > 3 * 8)
        #expect(r.out.contains("3 of 3 frames"))
        let again = strokescope("frames", gif, "--sheet", sheet)
        #expect(again.code == 64)
        #expect(again.err.contains("already exists (use --force to overwrite)"))
        #expect(strokescope("frames", gif, "--sheet", sheet, "--force").code == 0)
    }

    @Test("an unwritable output location exits 73")
    func unwritable() throws {
        let r = strokescope("frames", try sampleGIF(), "-o", "/proc/strokescope-cannot-exist/frames")
        #expect(r.code == 73)
        #expect(r.errLines.count == 1)
    }
}
