@testable import CLIArguments
import Testing

@Suite("Suggestions")
struct EditDistanceTests {
    static let distances: [(String, String, Int)] = [
        ("", "", 0),
        ("format", "format", 0),
        ("fomat", "format", 1),
        ("fromat", "format", 1),
        ("formt", "format", 1),
        ("kitten", "sitting", 3),
        ("", "abc", 3),
        ("abc", "", 3),
    ]

    @Test("Edit distance counts insertions, deletions, substitutions and swaps", arguments: distances)
    func distance(_ a: String, _ b: String, _ expected: Int) {
        #expect(EditDistance.distance(a, b) == expected)
        #expect(EditDistance.distance(b, a) == expected)
    }

    static let suggestions: [(String, String?)] = [
        ("--fomat", "--format"),
        ("--fromat", "--format"),
        ("--Format", "--format"),
        ("--forma", "--format"),
        ("--foce", "--force"),
        ("--xyz", nil),
        ("--fmt", nil),
        ("--late", "--late"),
        ("--lat", "--late"),
    ]

    @Test("Only close names are suggested", arguments: suggestions)
    func closest(_ typed: String, _ expected: String?) {
        let candidates = ["--format", "--force", "--fps", "--late", "--help"]
        #expect(EditDistance.closest(to: typed, among: candidates) == expected)
    }

    @Test("Ties go to the name declared first")
    func ties() {
        #expect(EditDistance.closest(to: "--fps", among: ["--fpx", "--fpz"]) == "--fpx")
    }
}
