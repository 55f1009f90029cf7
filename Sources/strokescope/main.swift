#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrokeScopeCLI
#if canImport(CMallocTuning)
import CMallocTuning
#endif

// No Foundation here or in the modules the tool links (see Sources/StrokeScopeCLI/Threads.swift):
// loading it costs every run about 9 MB and a few milliseconds.

// A closed pipe (`| head`) must end output quietly, not kill the process.
signal(SIGPIPE, SIG_IGN)
#if canImport(CMallocTuning)
// One malloc arena for all threads: glibc gives each thread that allocates an arena of its own,
// and the decoding, cap-evidence and search threads' arenas each kept freed memory resident
// (about 1 MB of `fit`'s peak on bench.sh's medium file). The threads allocate little once
// running, so sharing one arena's lock costs time within the run-to-run drift (both measured
// with scripts/bench-ab.sh; docs/BENCHMARKS.md, session 7).
mallopt(M_ARENA_MAX, 1)
#endif
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
