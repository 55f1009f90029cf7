import Foundation
import Testing
import AnimationModel
@testable import SourceImport

/// Source files are read by AnimationModel's `TextFile`, the reader model files use: these pin
/// what `import` makes of its failures.
@Suite("Reading source files")
struct SourceFileReadingTests {
    func withFile(_ name: String, _ bytes: [UInt8], _ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strokescope-source-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        try body(path)
    }

    @Test("UTF-8 source is read as it is")
    func plain() throws {
        let text = "// café\nlet x = 1\n"
        try withFile("A.swift", Array(text.utf8)) { path throws in
            #expect(try SourceFiles.read(path, maxBytes: 1000) == text)
        }
    }

    @Test("bytes that are not UTF-8, or a NUL byte, are binary; the shared reader says where")
    func binary() throws {
        try withFile("B.m", Array("int x;\nint y".utf8) + [0xFF, 0x0A]) { path throws in
            #expect(throws: SourceFiles.ReadFailure.self) { try SourceFiles.read(path, maxBytes: 1000) }
            #expect(throws: TextFileError.notUTF8(line: 2, column: 6)) { try TextFile.read(path: path, maxBytes: 1000) }
        }
        try withFile("C.m", Array("int x;".utf8) + [0]) { path throws in
            #expect(throws: SourceFiles.ReadFailure.self) { try SourceFiles.read(path, maxBytes: 1000) }
        }
    }

    @Test("a file over the limit is refused before it is read whole; a folder is unreadable")
    func limits() throws {
        try withFile("D.swift", [UInt8](repeating: 0x20, count: 2000)) { path throws in
            #expect(throws: TextFileError.tooLarge) { try TextFile.read(path: path, maxBytes: 1000) }
            let folder = String(path.dropLast("/D.swift".count))
            #expect(throws: TextFileError.unreadable("is a directory")) { try TextFile.read(path: folder, maxBytes: 1000) }
        }
    }
}
