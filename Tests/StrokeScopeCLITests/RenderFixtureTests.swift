import Foundation
import JSON
import Testing
@testable import StrokeScopeCLI

/// The generated fixtures (scripts/make-fixtures.sh) are exactly what was committed, and the
/// small render fixtures are exactly what the renderer makes today.
@Suite("generated fixtures")
struct RenderFixtureTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../fixtures").standardized.path

    static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// `fixtures/CHECKSUMS` as (relative path, SHA-256 hex) in file order.
    static func checksums() throws -> [(path: String, sha256: String)] {
        try String(contentsOfFile: fixtures + "/CHECKSUMS", encoding: .utf8).split(separator: "\n").map { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            return (String(parts[1].drop { $0 == " " || $0 == "*" }), String(parts[0]))
        }
    }

    /// One line of `fixtures/render/suite.txt`.
    struct Entry: Sendable, CustomStringConvertible {
        var name: String
        var model: String
        var arguments: [String]
        var description: String { name }
    }

    static func suite() -> [Entry] {
        guard let text = try? String(contentsOfFile: fixtures + "/render/suite.txt", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 4, !fields[0].hasPrefix("#"), !fields[0].isEmpty else { return nil }
            return Entry(name: fields[0], model: fields[1], arguments: fields[2].split(separator: " ").map(String.init))
        }
    }

    @Test("our SHA-256 gives the standard digests")
    func sha256KnownAnswers() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 1000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test("every generated fixture file matches its SHA-256 in fixtures/CHECKSUMS, and every one is listed")
    func checksumsMatch() throws {
        let listed = try Self.checksums()
        #expect(listed.count >= 2 + 2 * 12 + 1)
        for entry in listed {
            #expect(SHA256.hex(try Self.bytes(Self.fixtures + "/" + entry.path)) == entry.sha256,
                    "\(entry.path) changed: regenerate with scripts/make-fixtures.sh if that was intended")
        }
        let fm = FileManager.default
        var present: [String] = []
        for dir in ["gif", "render"] {
            present += try fm.contentsOfDirectory(atPath: Self.fixtures + "/" + dir).map { dir + "/" + $0 }
        }
        #expect(Set(present) == Set(listed.map(\.path)), "files in fixtures/gif or fixtures/render not in CHECKSUMS, or missing")
    }

    @Test("every suite entry has its GIF and truth file, and the truth names its GIF and frames")
    func suiteComplete() throws {
        let suite = Self.suite()
        #expect(suite.count >= 12)
        #expect(Set(suite.map(\.model)) == ["loading-spinner", "payment-success", "progress-over-track", "progress-beside-track"])
        for entry in suite {
            let gif = Self.fixtures + "/render/" + entry.name + ".gif"
            let truth = try JSONValue.parse(try String(contentsOfFile: Self.fixtures + "/render/" + entry.name + ".truth.json", encoding: .utf8))
            #expect(truth["schema"]?.stringValue == "strokescope-truth/1")
            #expect(truth["file"]?.stringValue == entry.name + ".gif")
            #expect(truth["model"]?.stringValue == entry.model)
            let info = strokescope("info", gif, "--format", "json")
            #expect(info.code == 0)
            let frames = try JSONValue.parse(info.out)["frames"]?.arrayValue ?? []
            #expect(frames.count == truth["frames"]?.arrayValue?.count, "\(entry.name)")
            #expect(frames.map { $0["delayCentiseconds"] } == (truth["frames"]?.arrayValue ?? []).map { $0["delayCentiseconds"] })
        }
    }

    /// The suite entries small enough to re-render inside the test run.
    static let small: [Entry] = suite().filter { entry in
        guard let text = try? String(contentsOfFile: fixtures + "/render/" + entry.name + ".truth.json", encoding: .utf8),
              let truth = try? JSONValue.parse(text),
              let w = truth["canvas"]?["width"]?.intValue, let h = truth["canvas"]?["height"]?.intValue,
              let n = truth["frames"]?.arrayValue?.count else { return false }
        return w * h <= 120 * 120 && n <= 40
    }

    @Test("the small render fixtures are what the renderer makes today, byte for byte", arguments: small)
    func rerender(_ entry: Entry) throws {
        let dir = temporaryDirectory()
        let r = strokescope(["render", Self.fixtures + "/models/" + entry.model + ".json", "-o", dir + "/" + entry.name + ".gif",
                             "--truth", dir + "/t.json", "--quiet"] + entry.arguments)
        #expect(r.code == 0, "\(r.err)")
        #expect(try Self.bytes(dir + "/" + entry.name + ".gif") == Self.bytes(Self.fixtures + "/render/" + entry.name + ".gif"),
                "\(entry.name).gif differs from a fresh render: regenerate with scripts/make-fixtures.sh if the change was intended")
        // The truth differs only in the GIF's path.
        let fresh = try String(contentsOfFile: dir + "/t.json", encoding: .utf8)
            .replacingOccurrences(of: "\"file\": \"\(dir)/\(entry.name).gif\"", with: "\"file\": \"\(entry.name).gif\"")
        #expect(fresh == (try String(contentsOfFile: Self.fixtures + "/render/" + entry.name + ".truth.json", encoding: .utf8)))
    }

    @Test("there are small fixtures to re-render: one perfect and one spoiled recording at least")
    func smallFixturesExist() {
        #expect(Self.small.count >= 2)
        #expect(Self.small.contains { $0.arguments.contains("--drop") })
    }
}
