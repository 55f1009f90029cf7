import Foundation
import Testing
@testable import StrokeScopeCLI

/// `--recursive` visits each file once and follows a link to a folder at most once (folders
/// and files told apart by device and inode); a link back into the walk is a cycle, warned
/// about and not followed.
@Suite("--recursive: link cycles and repeated files")
struct LinkCycleTests {
    @Test("a folder holding a link to itself, a link to its parent and a link to a file: each GIF once, one warning per cycle")
    func cycle() throws {
        let dir = try BatchTests.folder()  // a.gif, b.GIF, sub/c.gif
        let files = FileManager.default
        try files.createSymbolicLink(atPath: dir + "/self", withDestinationPath: dir)
        try files.createSymbolicLink(atPath: dir + "/sub/up", withDestinationPath: "..")
        try files.createSymbolicLink(atPath: dir + "/z-alias.gif", withDestinationPath: "a.gif")
        let r = strokescope("info", dir, "--recursive", "--format", "csv", "--jobs", "1")
        #expect(r.code == 0, "\(r.err)")
        let listed = r.out.split(separator: "\n").dropFirst().compactMap { $0.split(separator: ",").first.map(String.init) }
        #expect(Array(Set(listed)).sorted() == [dir + "/a.gif", dir + "/b.GIF", dir + "/sub/c.gif"])
        #expect(listed.count == 2 + 3 + 1, "every frame of each file once")
        let warnings = r.errLines.filter { $0.hasPrefix("warning:") }
        #expect(warnings.sorted() == [
            "warning: \(dir)/self: link cycle (it leads back to a folder being walked), not followed again",
            "warning: \(dir)/sub/up: link cycle (it leads back to a folder being walked), not followed again",
        ])
        #expect(r.errLines.last == "3 ok, 0 failed, 0 unreadable")
    }

    @Test("two links to one folder outside the walk: entered once")
    func sharedFolder() throws {
        let outside = try BatchTests.folder()
        let dir = temporaryDirectory()
        try FileManager.default.createSymbolicLink(atPath: dir + "/one", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: dir + "/two", withDestinationPath: outside)
        let (inputs, warnings) = BatchInputs.expand([dir], recursive: true)
        #expect(inputs == [.file(dir + "/one/a.gif"), .file(dir + "/one/b.GIF"), .file(dir + "/one/sub/c.gif")])
        #expect(warnings.isEmpty)
    }

    @Test("a file named twice on the command line runs twice, as asked")
    func namedTwice() throws {
        let gif = try sampleGIF()
        let (inputs, _) = BatchInputs.expand([gif, gif], recursive: false)
        #expect(inputs == [.file(gif), .file(gif)])
    }
}
