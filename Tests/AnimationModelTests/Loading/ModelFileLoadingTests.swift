import AnimationModel
import Foundation
import Testing

@Suite("Loading model files")
struct ModelFileLoadingTests {
    @Test("the project ships the seed and Material fixtures")
    func fixturesArePresent() {
        let names = Set(ModelFiles.fixtures.map { URL(fileURLWithPath: $0).lastPathComponent })
        #expect(names.isSuperset(of: ["loading-spinner.json", "payment-success.json", "material-spinner.json"]))
    }

    @Test("every fixture model loads without warnings and says where it comes from", arguments: ModelFiles.fixtures)
    func fixtureLoads(_ path: String) throws {
        let result = try ModelLoader.loadWithWarnings(path: path)
        #expect(result.warnings == [])
        let comment = try #require(result.document.comment)
        #expect(!comment.isEmpty)
        #expect(!result.document.layers.isEmpty)
    }

    @Test(
        "every real-world model beside the repository loads",
        .enabled(if: !ModelFiles.realWorld.isEmpty, "../shared/realworld/models is not beside this checkout"),
        arguments: ModelFiles.realWorld)
    func realWorldModelLoads(_ path: String) throws {
        let result = try ModelLoader.loadWithWarnings(path: path)
        #expect(!result.document.layers.isEmpty)
    }
}
