import Foundation
import StrokeScopeCLI

// A closed pipe (`| head`) must end output quietly, not kill the process.
signal(SIGPIPE, SIG_IGN)
// All behaviour lives in StrokeScopeCLI so that it can be tested in-process.
let console = Console.process(environment: ProcessInfo.processInfo.environment)
exit(StrokeScope.run(arguments: Array(CommandLine.arguments.dropFirst()), console: console))
