import Foundation
import Testing
@testable import StrokeScopeCLI

@Suite("Help, version and the executable")
struct HelpAndExecutableTests {
    @Test("--version prints the version")
    func version() {
        let r = strokescope("--version")
        #expect(r.code == 0)
        #expect(r.out == StrokeScope.version + "\n")
    }

    @Test("--help lists every command with its abstract")
    func toolHelp() {
        let r = strokescope("--help")
        #expect(r.code == 0)
        for command in StrokeScope.tool.commands {
            #expect(r.out.contains(command.name))
            #expect(r.out.contains(String(command.abstract.prefix(30))))
        }
    }

    @Test("every command has --help generated from its spec", arguments: ["info", "frames"])
    func commandHelp(name: String) throws {
        let r = strokescope(name, "--help")
        #expect(r.code == 0)
        #expect(r.out.contains("USAGE: strokescope \(name)"))
        let spec = try #require(StrokeScope.tool.command(named: name))
        for option in spec.options where !option.isHidden { #expect(r.out.contains(option.longForm)) }
    }

    @Test("every example in the help parses")
    func examplesParse() throws {
        for command in StrokeScope.tool.commands {
            for example in command.examples {
                let invocation = try StrokeScope.tool.parse([command.name] + example.arguments)
                guard case .run = invocation else { Issue.record("example did not parse to a run"); continue }
            }
        }
    }

    @Test("the executable prints a table to stdout and exits with the command's code")
    func executable() throws {
        let process = Process()
        process.executableURL = builtExecutable()
        process.arguments = ["info", try sampleGIF(), "--format", "csv"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.split(separator: "\n").count == 4)

        let bad = Process()
        bad.executableURL = builtExecutable()
        bad.arguments = ["info", "/no/such.gif"]
        bad.standardError = Pipe()
        try bad.run()
        bad.waitUntilExit()
        #expect(bad.terminationStatus == 66)
    }
}
