import Foundation
import JSON
import Testing
@testable import StrokeScopeCLI

/// The movie fixtures (scripts/make-movie-fixtures.sh) are what was committed, and their truth is
/// what the renderer makes today. The movies' bytes are compared by the script alone: another
/// x264 or x265 version encodes the same frames into other bytes.
@Suite("movie fixtures")
struct MovieFixtureTests {
    static let folder = RenderFixtureTests.fixtures + "/movies"

    /// `suite.txt`'s entries as (name, model, arguments).
    static func suite() -> [(name: String, model: String, arguments: [String])] {
        guard let text = try? String(contentsOfFile: folder + "/suite.txt", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 4, !fields[0].hasPrefix("#"), !fields[0].isEmpty else { return nil }
            return (fields[0], fields[1], fields[2].split(separator: " ").map(String.init))
        }
    }

    @Test("every movie fixture and truth file matches its SHA-256 in fixtures/movies/CHECKSUMS, and each is under 100 KB")
    func checksums() throws {
        let lines = try String(contentsOfFile: Self.folder + "/CHECKSUMS", encoding: .utf8).split(separator: "\n")
        let suite = Self.suite()
        #expect(suite.count >= 4)
        #expect(lines.count == 2 * suite.count + 1)
        for line in lines {
            let parts = line.split(separator: " ", maxSplits: 1)
            let name = String(parts[1].drop { $0 == " " || $0 == "*" })
            let bytes = try RenderFixtureTests.bytes(Self.folder + "/" + name)
            #expect(SHA256.hex(bytes) == String(parts[0]), "\(name) changed: regenerate with scripts/make-movie-fixtures.sh if intended")
            if !name.hasSuffix(".json") && name != "suite.txt" { #expect(bytes.count < 100_000, "\(name)") }
        }
    }

    @Test("re-rendering the variable-rate HEVC fixture gives its truth file byte for byte")
    func truthIsToday() throws {
        let entry = try #require(Self.suite().first { $0.name == "spinner-1x-60hz-vfr-hevc.mov" })
        let dir = temporaryDirectory()
        let run = strokescope(["render", RenderFixtureTests.fixtures + "/models/" + entry.model + ".json", "-o", dir + "/" + entry.name,
                               "--truth", dir + "/t.json", "--quiet"] + entry.arguments)
        #expect(run.code == 0, "\(run.err)")
        let fresh = try String(contentsOfFile: dir + "/t.json", encoding: .utf8)
            .replacingOccurrences(of: "\"file\": \"\(dir)/\(entry.name)\"", with: "\"file\": \"\(entry.name)\"")
        #expect(fresh == (try String(contentsOfFile: Self.folder + "/spinner-1x-60hz-vfr-hevc.truth.json", encoding: .utf8)))
    }
}
