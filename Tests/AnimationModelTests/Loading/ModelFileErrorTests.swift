import AnimationModel
import Foundation
import Testing

@Suite("Model files that cannot be read")
struct ModelFileErrorTests {
    /// A fresh folder under the system's temporary directory, removed afterwards.
    func withTemporaryFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strokescope-model-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    @Test("a missing file is unreadable, exit code 66")
    func missingFile() throws {
        try withTemporaryFolder { folder throws in
            let path = folder + "/absent.json"
            let error = #expect(throws: ModelError.self) { try ModelLoader.load(path: path) }
            #expect(error?.kind == .unreadable)
            #expect(error?.exitCode == 66)
            #expect(error?.description == "\(path): cannot open (No such file or directory)")
        }
    }

    @Test("a directory is unreadable, exit code 66")
    func directory() throws {
        try withTemporaryFolder { folder throws in
            let error = #expect(throws: ModelError.self) { try ModelLoader.load(path: folder) }
            #expect(error?.exitCode == 66)
            #expect(error?.description == "\(folder): cannot open (is a directory)")
        }
    }

    @Test("bytes that are not UTF-8 are a syntax error with their position, exit code 65")
    func notUTF8() throws {
        try withTemporaryFolder { folder throws in
            let path = folder + "/latin1.json"
            let bytes: [UInt8] = Array("{\n  \"name\": \"".utf8) + [0xE9] + Array("\"\n}".utf8)
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            let error = #expect(throws: ModelError.self) { try ModelLoader.load(path: path) }
            #expect(error?.exitCode == 65)
            #expect(error?.description == "\(path):2:12: not UTF-8 text")
        }
    }

    @Test("a file on disk loads exactly as its text does")
    func fileMatchesText() throws {
        try withTemporaryFolder { folder throws in
            let path = folder + "/ok.json"
            let text = SampleModel.layer()
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
            #expect(try ModelLoader.load(path: path) == ModelLoader.load(json: text, file: path))
        }
    }

    @Test("an empty file is a syntax error at 1:1")
    func emptyText() {
        let error = #expect(throws: ModelError.self) { try ModelLoader.load(json: "", file: "e.json") }
        #expect(error?.kind == .syntax(line: 1, column: 1))
        #expect(error?.description == "e.json:1:1: unexpected end of input")
    }
}
