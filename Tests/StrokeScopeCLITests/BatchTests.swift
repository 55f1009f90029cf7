import Foundation
import JSON
import Testing
@testable import StrokeScopeCLI

@Suite("Batches: several files and folders, --jobs, in input order")
struct BatchTests {
    /// A folder with three small GIFs (one in a subfolder) and a file that is not a GIF.
    static func folder() throws -> String {
        let dir = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        for (name, delays) in [("a.gif", [4, 4]), ("b.GIF", [2, 2, 2]), ("sub/c.gif", [5])] {
            try FileManager.default.copyItem(atPath: try sampleGIF(delays: delays), toPath: dir + "/" + name)
        }
        try "not a gif".write(toFile: dir + "/notes.txt", atomically: true, encoding: .utf8)
        return dir
    }

    @Test("a folder gives its GIFs in name order; --recursive adds its subfolders'; CSV gets a file column")
    func folderCSV() throws {
        let dir = try Self.folder()
        let flat = strokescope("info", dir, "--format", "csv", "--jobs", "2")
        #expect(flat.code == 0, "\(flat.err)")
        let lines = flat.out.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("file,frame,") == true)
        #expect(lines.count == 1 + 2 + 3)
        #expect(lines[1].hasPrefix(dir + "/a.gif,0,") && lines[3].hasPrefix(dir + "/b.GIF,0,"))
        #expect(flat.errLines.last == "2 ok, 0 failed, 0 unreadable")
        let deep = strokescope("info", dir, "--recursive", "--format", "csv")
        #expect(deep.out.split(separator: "\n").count == 1 + 2 + 3 + 1)
        #expect(deep.out.contains(dir + "/sub/c.gif,0,"))
    }

    @Test("one bad file is reported in its place and the others still run; the exit code is the input error's")
    func badFileInJSON() throws {
        let dir = try Self.folder()
        let r = strokescope("info", dir + "/a.gif", dir + "/missing.gif", dir + "/notes.txt", dir + "/b.GIF", "--format", "json")
        #expect(r.code == 66)
        let list = try #require(try JSONValue.parse(r.out).arrayValue)
        #expect(list.count == 4)
        #expect(list[0]["file"]?.stringValue == dir + "/a.gif" && list[0]["frames"] != nil)
        #expect(list[1]["error"]?.stringValue == "cannot open (No such file or directory)")
        #expect(list[1]["exitCode"]?.intValue == 66)
        #expect(list[2]["exitCode"]?.intValue == 65)
        #expect(list[3]["file"]?.stringValue == dir + "/b.GIF")
        #expect(r.errLines == ["error: \(dir)/missing.gif: cannot open (No such file or directory)",
                               "error: \(dir)/notes.txt: not a GIF or a movie (it starts with neither 'GIF8' nor a QuickTime/MPEG-4 box)",
                               "2 ok, 0 failed, 1 unreadable, 1 malformed"])
    }

    @Test("the same output whatever the number of jobs")
    func jobsDoNotChangeOutput() throws {
        let dir = try Self.folder()
        let files = (0..<6).map { i in dir + (i % 2 == 0 ? "/a.gif" : "/b.GIF") }
        let one = strokescope(["info"] + files + ["--jobs", "1"])
        let four = strokescope(["info"] + files + ["--jobs", "4"])
        #expect(one.out == four.out && one.err == four.err && one.code == 0)
    }

    @Test("check runs files in parallel, prints them in input order and ends with a summary line")
    func check() throws {
        let render = FitCheckCommandTests.render
        let files = [render + "/spinner-1x-4cs-32-delta.gif", "/nowhere.gif", render + "/spinner-1x-4cs-32-delta.gif"]
        let r = strokescope(["check"] + files + ["--model", FitCheckCommandTests.spinner, "--rate", "1", "--jobs", "2", "--quiet"])
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("PASS \(files[0])"))
        #expect(lines[1] == "ERROR /nowhere.gif: cannot open (No such file or directory)")
        #expect(lines[2].hasPrefix("PASS \(files[2])"))
        #expect(lines[3] == "2 passed, 0 failed, 1 unreadable")
        #expect(r.code == 66)
    }

    @Test("--jobs 1 keeps a file to one thread; several files on several jobs run each on one thread")
    func threadBudget() {
        #expect(!BatchInputs.allowsNestedThreads(workers: 1, files: 1))
        #expect(BatchInputs.allowsNestedThreads(workers: 2, files: 1))
        #expect(!BatchInputs.allowsNestedThreads(workers: 2, files: 40))
        #expect(!BatchInputs.allowsNestedThreads(workers: 1, files: 40))
    }

    @Test("pictures name one file, so a batch refuses them")
    func noPicturesInBatch() throws {
        let dir = try Self.folder()
        let r = strokescope("inspect", dir, "--html", dir + "/r.html")
        #expect(r.code == 64)
        #expect(r.errLines.first == "error: --html writes one file: give one input GIF (several were given)")
    }
}
