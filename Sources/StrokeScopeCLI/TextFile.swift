import OutputFiles

/// An output text file written in pieces (the HTML report streams one frame at a time), created
/// only if missing unless `overwrite`. It appears at its path only when `finish()` succeeds;
/// a failed write removes what was written (`OutputFile`).
final class TextFileWriter {
    let path: String
    private let file: OutputFile

    init(path: String, overwrite: Bool) throws(CLIError) {
        self.path = path
        do { file = try OutputFile(path: path, overwrite: overwrite) } catch { throw CLIError.output(error) }
    }

    func write(_ text: String) throws(CLIError) {
        do { try file.write(text) } catch { throw CLIError.output(error) }
    }

    func finish() throws(CLIError) {
        do { try file.commit() } catch { throw CLIError.output(error) }
    }
}

/// Writes `text` to `path` in one go (an existing file only with `overwrite`).
func writeText(_ text: String, to path: String, overwrite: Bool) throws(CLIError) {
    let writer = try TextFileWriter(path: path, overwrite: overwrite)
    try writer.write(text)
    try writer.finish()
}
