#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Inspection

/// A one-line progress bar on stderr for long runs: `measuring ████░░░░ 120/600 frames, 85 frames/s`.
/// Shown only when stderr is a terminal and not under `--quiet`; redrawn at most ten times a
/// second, and erased when done so the output that follows starts on a clean line.
final class Progress {
    private let sink: TextSink?
    private var label = ""
    private var unit = "frames"
    private var total = 0
    private var started = 0.0
    private var lastDraw = -1.0
    private var drawn = false

    /// A bar that draws on `console.err` when it is a terminal and `quiet` is off.
    init(console: Console, quiet: Bool) {
        sink = console.errIsTerminal && !quiet ? console.err : nil
    }

    /// A bar that never draws.
    static var silent: Progress { Progress(console: Console(out: BufferSink(), err: BufferSink()), quiet: true) }

    func start(label: String, total: Int, unit: String = "frames") {
        self.label = label
        self.unit = unit
        self.total = total
        started = Self.now()
        lastDraw = -1
    }

    func update(_ done: Int) {
        guard let sink else { return }
        let now = Self.now()
        guard now - lastDraw >= 0.1 || done == total else { return }
        lastDraw = now
        let fraction = total > 0 ? min(Double(done) / Double(total), 1) : 0
        let width = 24
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let elapsed = now - started
        // The rate only once there is a half second to average over.
        let perSecond = Double(done) / elapsed
        let rate = elapsed < 0.5 ? "" : perSecond >= 10 ? ", \(Int(perSecond.rounded())) \(unit)/s" : ", \(fixed(perSecond, 1)) \(unit)/s"
        sink.write("\r\u{1B}[2K\(label) \(bar) \(done)/\(total) \(unit)\(rate)")
        drawn = true
    }

    /// Erases the bar.
    func finish() {
        guard let sink, drawn else { return }
        sink.write("\r\u{1B}[2K")
        drawn = false
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

extension Progress: InspectionProgress {}
