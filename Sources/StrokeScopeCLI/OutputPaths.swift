import Foundation

/// Checks on output locations made before any work starts, so a long decode never ends in
/// "cannot write" and nothing is overwritten unless the user said `--force`.
enum OutputPaths {
    /// Makes sure `path` can receive frame files: created if missing; an existing non-empty
    /// directory needs `force`.
    static func prepareDirectory(_ path: String, force: Bool) throws(CLIError) {
        var isDirectory: ObjCBool = false
        let fm = FileManager.default
        if fm.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw CLIError("\(path): exists and is not a directory", exitCode: CLIError.Code.usage)
            }
            let contents = (try? fm.contentsOfDirectory(atPath: path)) ?? []
            if !contents.isEmpty && !force {
                throw CLIError("\(path): directory is not empty (use --force to write into it)", exitCode: CLIError.Code.usage)
            }
            return
        }
        do {
            try fm.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CLIError("\(path): cannot create directory (\(reason(error)))", exitCode: CLIError.Code.cannotWriteOutput)
        }
    }

    /// An output file may be written: it does not exist, or `force` is set.
    static func checkFile(_ path: String, force: Bool) throws(CLIError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
        if isDirectory.boolValue {
            throw CLIError("\(path): is a directory", exitCode: CLIError.Code.usage)
        }
        if !force {
            throw CLIError("\(path): already exists (use --force to overwrite)", exitCode: CLIError.Code.usage)
        }
    }

    /// Removes earlier `frame-NNNN.png` files so a forced rewrite leaves no stale frames behind.
    static func removeStaleFrames(in directory: String) {
        let fm = FileManager.default
        for name in (try? fm.contentsOfDirectory(atPath: directory)) ?? [] where isFrameFileName(name) {
            try? fm.removeItem(atPath: (directory as NSString).appendingPathComponent(name))
        }
    }

    static func frameFileName(_ index: Int) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
    }

    static func isFrameFileName(_ name: String) -> Bool {
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
        let middle = name.dropFirst(6).dropLast(4)
        return !middle.isEmpty && middle.allSatisfy(\.isNumber)
    }

    private static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return ns.localizedDescription
    }
}
