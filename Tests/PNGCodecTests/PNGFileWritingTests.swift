import Foundation
import Testing
import PNGCodec
import Raster

@Suite("PNG files")
struct PNGFileWritingTests {
    @Test("an existing file is not overwritten unless overwrite is asked for")
    func refusesToOverwrite() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("sheet.png")
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: path))

        #expect(throws: PNGError.fileExists(path: path)) {
            try samplePicture().writePNG(toFile: path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("keep me".utf8))
        #expect(PNGError.fileExists(path: path).description == "\(path): already exists; not overwriting it")

        try samplePicture().writePNG(toFile: path, overwrite: true)
        #expect(try RGBAImage(pngFile: path) == samplePicture())
    }

    @Test("overwriting a longer file leaves no trailing bytes of it")
    func overwritesCompletely() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("frame.png")
        try RGBAImage(width: 400, height: 400, fill: RGBA(1, 2, 3, 4)).writePNG(toFile: path)
        try samplePicture().writePNG(toFile: path, overwrite: true)
        let onDisk = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(onDisk == (try samplePicture().pngBytes()))
    }

    @Test("a symbolic link to an existing file counts as existing")
    func refusesThroughSymlink() throws {
        let directory = try TemporaryDirectory()
        let target = directory.file("target.png"), link = directory.file("link.png")
        try Data("target".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(throws: PNGError.fileExists(path: link)) {
            try samplePicture().writePNG(toFile: link)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data("target".utf8))
    }

    @Test("an unwritable path gives one line naming the file and the system's reason")
    func reportsUnwritablePath() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("out/frame-0001.png")
        #expect(throws: PNGError.cannotCreate(path: path, reason: "No such file or directory")) {
            try samplePicture().writePNG(toFile: path)
        }
        let error = PNGError.cannotCreate(path: path, reason: "No such file or directory")
        #expect(error.description == "\(path): cannot create (No such file or directory)")
        #expect(!FileManager.default.fileExists(atPath: path))

        #expect(throws: PNGError.fileExists(path: directory.path)) {
            try samplePicture().writePNG(toFile: directory.path)
        }
        #expect(throws: PNGError.cannotCreate(path: directory.path, reason: "Is a directory")) {
            try samplePicture().writePNG(toFile: directory.path, overwrite: true)
        }
    }

    @Test("reading a missing, non-PNG or directory path is a typed error naming the file")
    func reportsUnreadablePaths() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.file("missing.png")
        #expect(throws: PNGError.cannotRead(path: missing, reason: "No such file or directory")) {
            try RGBAImage(pngFile: missing)
        }
        #expect(PNGError.cannotRead(path: missing, reason: "No such file or directory").description
            == "\(missing): cannot read (No such file or directory)")
        #expect(throws: PNGError.cannotRead(path: directory.path, reason: "Is a directory")) {
            try RGBAImage(pngFile: directory.path)
        }

        let text = directory.file("notes.png")
        try Data("hello".utf8).write(to: URL(fileURLWithPath: text))
        #expect {
            try RGBAImage(pngFile: text)
        } throws: { error in
            guard case PNGError.invalidPNG(path: text, _) = error else { return false }
            return (error as? PNGError)?.description.hasPrefix("\(text): not a valid PNG (") == true
        }
    }

    @Test("every error renders as a single line")
    func rendersSingleLines() {
        let errors: [PNGError] = [
            .fileExists(path: "a.png"),
            .cannotCreate(path: "a.png", reason: "Permission denied"),
            .cannotWrite(path: "a.png", reason: "No space left on device"),
            .cannotRead(path: "a.png", reason: "Permission denied"),
            .cannotEncode(path: nil, reason: "Invalid IHDR data"),
            .invalidPNG(path: "a.png", reason: "Not a PNG file"),
            .unsupportedSize(path: "a.png", width: 2_000_000, height: 1),
            .tooLargeToRead(path: "a.png", width: 100_000, height: 100_000),
        ]
        for error in errors {
            #expect(!error.description.contains("\n"))
            #expect(error.description.hasPrefix("a.png: ") || error.description.hasPrefix("PNG data: "))
        }
    }
}
