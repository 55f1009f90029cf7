#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrokeScopeCLI

// No Foundation here or in the modules the tool links (see Sources/StrokeScopeCLI/Threads.swift):
// loading it costs every run about 9 MB and a few milliseconds.

// A closed pipe (`| head`) must end output quietly, not kill the process.
signal(SIGPIPE, SIG_IGN)
// All behaviour lives in StrokeScopeCLI so that it can be tested in-process.
let console = Console.process(environment: processEnvironment())
exit(StrokeScope.run(arguments: Array(CommandLine.arguments.dropFirst()), console: console))

/// The environment as a dictionary (the first of repeated names wins, as `getenv` reads it).
func processEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        let text = String(cString: pointer)
        if let equals = text.firstIndex(of: "=") {
            let name = String(text[..<equals])
            if result[name] == nil { result[name] = String(text[text.index(after: equals)...]) }
        }
        entry += 1
    }
    return result
}
