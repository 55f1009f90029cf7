import Foundation

/// Where the model files the loading tests read live.
///
/// The test folder may be reached through a symbolic link (a scratch package pointing into the
/// repository), so paths are worked out from the real location of this source file.
enum ModelFiles {
    /// The repository root: three folders above `Tests/AnimationModelTests/Loading/`.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .resolvingSymlinksInPath()
        .deletingLastPathComponent()  // Loading
        .deletingLastPathComponent()  // AnimationModelTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `fixtures/models/`, the project's own models.
    static let fixtureDirectory = repositoryRoot.appendingPathComponent("fixtures/models")

    /// `../shared/realworld/models/`: models transcribed from open-source apps, kept beside the
    /// repository (read only, never copied into it).
    static let realWorldDirectory = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/realworld/models")

    /// The `.json` files of a folder, sorted, or none when the folder is missing.
    static func jsonFiles(in directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { directory.appendingPathComponent($0).path }
    }

    /// The path of one fixture model, by file name.
    static func fixture(_ name: String) -> String { fixtureDirectory.appendingPathComponent(name).path }

    static var fixtures: [String] { jsonFiles(in: fixtureDirectory) }
    static var realWorld: [String] { jsonFiles(in: realWorldDirectory) }
}
