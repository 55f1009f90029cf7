import CLIArguments
import GIFCodec
import Inspection
import OutputFiles
import PNGCodec
import Raster

/// A failure that ends a command: one line for stderr and the exit code of CLI-CONTRACT.md.
public struct CLIError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var exitCode: Int32
    /// A second line pointing at help, for usage errors.
    public var hint: String?

    public init(_ message: String, exitCode: Int32, hint: String? = nil) {
        self.message = message
        self.exitCode = exitCode
        self.hint = hint
    }

    public var description: String { message }

    /// Exit codes (CLI-CONTRACT.md).
    public enum Code {
        public static let success: Int32 = 0
        public static let thresholdExceeded: Int32 = 1
        public static let usage: Int32 = 64
        public static let malformedInput: Int32 = 65
        public static let unreadableInput: Int32 = 66
        public static let internalError: Int32 = 70
        /// An output file cannot be created (73).
        public static let cannotWriteOutput: Int32 = 73
        /// An output could not be written completely: a full disk, an I/O error, a closed pipe (74).
        public static let outputIncomplete: Int32 = 74
    }

    static func output(_ error: OutputFileError) -> CLIError {
        switch error {
        case .exists: return CLIError(error.description, exitCode: Code.usage)
        case .cannotCreate: return CLIError(error.description, exitCode: Code.cannotWriteOutput)
        case .cannotWrite: return CLIError(error.description, exitCode: Code.outputIncomplete)
        }
    }

    static func usage(_ error: UsageError) -> CLIError {
        CLIError(error.message, exitCode: Code.usage, hint: error.helpHint)
    }

    /// A GIF decoder's error; a file that is neither a GIF nor a movie is said to be neither
    /// (every command that reads a GIF reads a movie too).
    static func gif(_ error: GIFError) -> CLIError {
        CLIError(InspectionError.describe(error), exitCode: error.exitCode)
    }

    /// The library's error as a command's: the same line, the contract's exit code. `modelFile`
    /// names the model in a fit's messages.
    static func inspection(_ error: InspectionError, modelFile: String? = nil) -> CLIError {
        switch error {
        case .decoding(let gif): return .gif(gif)
        case .movie(let movie): return CLIError(movie.description, exitCode: movie.exitCode)
        case .cannotFit(let file, let reason) where modelFile != nil:
            return CLIError("\(file): cannot fit \(modelFile!): \(reason)", exitCode: Code.malformedInput)
        case .invalidModel(let reason) where modelFile != nil:
            return CLIError("\(modelFile!): \(reason)", exitCode: Code.malformedInput)
        case .internalError: return CLIError(error.description, exitCode: Code.internalError)
        case .noRingFound where !error.candidateLines.isEmpty:
            return CLIError(error.description, exitCode: Code.malformedInput, hint: error.candidateLines.joined(separator: "\n"))
        default: return CLIError(error.description, exitCode: Code.malformedInput)
        }
    }

    static func png(_ error: PNGError) -> CLIError {
        switch error {
        case .fileExists: return CLIError(error.description, exitCode: Code.usage)
        case .cannotWrite: return CLIError(error.description, exitCode: Code.outputIncomplete)
        default: return CLIError(error.description, exitCode: Code.cannotWriteOutput)
        }
    }

    static func sheet(_ error: ContactSheetError, file: String) -> CLIError {
        CLIError("\(file): \(error.description)", exitCode: Code.usage)
    }
}
