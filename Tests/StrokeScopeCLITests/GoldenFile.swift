import Foundation
import Testing

/// A golden file: what one in-process run of the CLI printed, byte for byte, kept under
/// `Tests/StrokeScopeCLITests/Goldens/` and compared with every test run.
///
/// One file holds one run, so a reviewer sees the whole of it in one place:
///
///     $ strokescope fit fixtures/render/spinner-1x-4cs-32-delta.gif --model ...
///     exit: 0
///     stderr: (empty)
///     stdout:
///     <stdout exactly as printed>
///
/// Non-empty stderr is listed line by line after `stderr:`, each line behind `| `, and a final
/// line without a newline is followed by `\ no newline at end of stderr`. Everything after the
/// `stdout:` line is stdout verbatim, to the end of the file (so a missing final newline is a
/// difference too).
///
/// `RECORD_GOLDENS=1` writes the files instead of comparing (see Goldens/README.md).
enum GoldenFile {
    /// The package root, from this file's place in it (Tests/StrokeScopeCLITests/GoldenFile.swift).
    static let packageRoot: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .standardizedFileURL.path

    static let directory = packageRoot + "/Tests/StrokeScopeCLITests/Goldens"

    /// Whether this run re-records the goldens (`RECORD_GOLDENS=1`, or any value but `0` and empty).
    static var isRecording: Bool {
        let value = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] ?? ""
        return !value.isEmpty && value != "0"
    }

    /// Golden runs name their inputs by paths relative to the package root (the CLI prints file
    /// names as it was given them), so the working directory must be the root. `swift test`
    /// already runs there; this covers a test binary started from elsewhere. It changes the
    /// directory of the whole process, which the other suites do not mind: they use absolute paths.
    static let workingDirectoryIsRoot: Bool = {
        let fm = FileManager.default
        if URL(fileURLWithPath: fm.currentDirectoryPath).standardizedFileURL.path != packageRoot {
            _ = fm.changeCurrentDirectoryPath(packageRoot)
        }
        return URL(fileURLWithPath: fm.currentDirectoryPath).standardizedFileURL.path == packageRoot
    }()

    /// The file's text for one run.
    ///
    /// Paths are given relative, so outputs should not hold the machine's absolute package path;
    /// if one ever does (a command that resolves its inputs), it is written as `<root>` so the
    /// goldens stay the same on every machine. Nothing else is normalised.
    static func document(arguments: [String], code: Int32, out: String, err: String) -> String {
        var text = "$ strokescope " + arguments.map(shellQuoted).joined(separator: " ") + "\n"
        text += "exit: \(code)\n"
        let err = withoutRoot(err)
        if err.isEmpty {
            text += "stderr: (empty)\n"
        } else {
            text += "stderr:\n"
            let lines = TextLine.lines(of: err)
            for line in lines { text += "| " + line.text + "\n" }
            if lines.last?.terminated == false { text += "\\ no newline at end of stderr\n" }
        }
        let out = withoutRoot(out)
        text += out.isEmpty ? "stdout: (empty)\n" : "stdout:\n" + out
        return text
    }

    static func withoutRoot(_ text: String) -> String {
        text.replacingOccurrences(of: packageRoot + "/", with: "<root>/")
            .replacingOccurrences(of: packageRoot, with: "<root>")
    }

    static func shellQuoted(_ argument: String) -> String {
        let plain = argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,@%+".contains($0) }
        return plain && !argument.isEmpty ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Compares `actual` with the golden file `name` (in `directory`), or writes it when recording.
    /// A mismatch is one issue whose comment is a line diff of the first differing lines.
    static func verify(_ actual: String, name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let path = directory + "/" + name
        let expected: String? = (try? Data(contentsOf: URL(fileURLWithPath: path))).map { String(decoding: $0, as: UTF8.self) }
        if isRecording {
            guard expected != actual else { return }
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: URL(fileURLWithPath: path))
                // A warning: the run passes, and the list of warnings says which files changed.
                Issue.record("recorded Goldens/\(name) (\(expected == nil ? "new" : "changed"))", severity: .warning, sourceLocation: sourceLocation)
            } catch {
                Issue.record("cannot write Goldens/\(name): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected else {
            Issue.record("no golden file Goldens/\(name); record it with RECORD_GOLDENS=1 swift test --filter Golden", sourceLocation: sourceLocation)
            return
        }
        guard expected != actual else { return }
        let diff = LineDiff(expected: expected, actual: actual)
        Issue.record(Comment(rawValue: "output differs from Goldens/\(name) (- golden, + actual; re-record with RECORD_GOLDENS=1 if the change is intended):\n"
                             + diff.rendered(maxChangedLines: 40)), sourceLocation: sourceLocation)
    }
}

/// One line of a text and whether a newline ended it (only the last line of a text can lack one).
struct TextLine: Equatable {
    var text: Substring
    var terminated: Bool

    static func lines(of text: String) -> [TextLine] {
        var parts = text.split(separator: "\n", omittingEmptySubsequences: false)
        // "a\nb\n" splits into a, b and an empty tail: the tail only says the last line ended.
        if parts.last == "" {
            parts.removeLast()
            return parts.map { TextLine(text: $0, terminated: true) }
        }
        return parts.enumerated().map { TextLine(text: $1, terminated: $0 < parts.count - 1) }
    }
}

/// A line diff of two texts (Myers' O(ND) algorithm on lines), rendered in unified style with the
/// line numbers of both sides, for reading a golden mismatch in the test log.
struct LineDiff {
    enum Edit: Equatable {
        /// Line `expected` of the golden and line `actual` of the output are the same.
        case same(expected: Int, actual: Int)
        /// Line `expected` of the golden is not in the output.
        case removed(expected: Int)
        /// Line `actual` of the output is not in the golden.
        case added(actual: Int)
    }

    let expected: [TextLine]
    let actual: [TextLine]
    let edits: [Edit]

    /// Past this many differing lines (after the common start and end are set aside) the diff
    /// stops looking for matches and shows the rest as removed, then added: still readable, and
    /// the search's memory stays small.
    static let searchLimit = 2000

    init(expected: String, actual: String) {
        self.expected = TextLine.lines(of: expected)
        self.actual = TextLine.lines(of: actual)
        edits = Self.edits(self.expected, self.actual)
    }

    static func edits(_ a: [TextLine], _ b: [TextLine]) -> [Edit] {
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var edits = (0..<prefix).map { Edit.same(expected: $0, actual: $0) }
        edits += middle(Array(a[prefix..<(a.count - suffix)]), Array(b[prefix..<(b.count - suffix)]), offsetA: prefix, offsetB: prefix)
        edits += (0..<suffix).map { Edit.same(expected: a.count - suffix + $0, actual: b.count - suffix + $0) }
        return edits
    }

    /// Myers' greedy search for the shortest edit script, keeping for every step d the furthest
    /// x reached on each diagonal k in -d-1...d+1 (enough to walk back).
    private static func middle(_ a: [TextLine], _ b: [TextLine], offsetA: Int, offsetB: Int) -> [Edit] {
        let n = a.count, m = b.count
        let wholesale = (0..<n).map { Edit.removed(expected: offsetA + $0) } + (0..<m).map { Edit.added(actual: offsetB + $0) }
        if n == 0 || m == 0 { return wholesale }
        let maxD = min(n + m, searchLimit)
        let offset = maxD + 1
        var v = [Int](repeating: 0, count: 2 * maxD + 3)
        var trace: [[Int]] = []
        var found = false
        search: for d in 0...maxD {
            trace.append(Array(v[(offset - d - 1)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n && y < m && a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n && y >= m { found = true; break search }
            }
        }
        guard found else { return wholesale }
        var script: [Edit] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let vd = trace[d]
            func at(_ k: Int) -> Int { vd[k + d + 1] }
            let k = x - y
            let previousK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1
            let previousX = at(previousK), previousY = previousX - previousK
            while x > previousX && y > previousY {
                x -= 1; y -= 1
                script.append(.same(expected: offsetA + x, actual: offsetB + y))
            }
            if d > 0 {
                if x == previousX { script.append(.added(actual: offsetB + previousY)) } else { script.append(.removed(expected: offsetA + previousX)) }
            }
            x = previousX; y = previousY
        }
        return script.reversed()
    }

    /// Hunks of changed lines with two lines of context, line numbers from 1 (golden, then
    /// output), up to `maxChangedLines` removed or added lines, then a count of the rest.
    func rendered(maxChangedLines: Int, context: Int = 2) -> String {
        let changed = edits.indices.filter { if case .same = edits[$0] { return false } else { return true } }
        guard !changed.isEmpty else { return "(no differences)\n" }
        // Which edits to show: every change up to the limit, and the context around each.
        let shownChanges = changed.prefix(maxChangedLines)
        var shown = Set<Int>()
        for i in shownChanges { for j in max(0, i - context)...min(edits.count - 1, i + context) { shown.insert(j) } }
        var text = "\(changed.count) differing line\(changed.count == 1 ? "" : "s") (golden \(expected.count) lines, output \(actual.count) lines)\n"
        var previous: Int? = nil
        for i in shown.sorted() {
            if let p = previous, i > p + 1 { text += "   ...\n" }
            previous = i
            switch edits[i] {
            case .same(let e, let a): text += line(" ", e + 1, a + 1, expected[e])
            case .removed(let e): text += line("-", e + 1, nil, expected[e])
            case .added(let a): text += line("+", nil, a + 1, actual[a])
            }
        }
        if changed.count > shownChanges.count { text += "   ... and \(changed.count - shownChanges.count) more differing lines\n" }
        return text
    }

    private func line(_ mark: String, _ e: Int?, _ a: Int?, _ l: TextLine) -> String {
        func number(_ n: Int?) -> String { let s = n.map(String.init) ?? ""; return String(repeating: " ", count: max(0, 5 - s.count)) + s }
        // Trailing blanks are shown (as · and →) so that lines differing only there look different.
        var body = String(l.text)
        var tail = ""
        while let last = body.last, last == " " || last == "\t" { tail = (last == " " ? "·" : "→") + tail; body.removeLast() }
        return "\(mark)\(number(e)) \(number(a)) | \(body)\(tail)" + (l.terminated ? "" : "  \\ no newline at end") + "\n"
    }
}
