#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AnimationModel
import Fitting
import Inspection
import Synchronization
import Testing
import Threading
@testable import StrokeScopeCLI

/// Runs share nothing: each has its own options (threads allowed or not, the decoding thread),
/// so runs at once give what each gives alone, and leave nothing behind.
///
/// The runs at once are on threads of their own, not tasks of the cooperative pool: they block
/// for seconds (decoding, waiting for their decoding thread), and on a two-core machine the
/// pool's two threads are the ones every other test runs on.
@Suite("Runs on several tasks at once")
struct ConcurrentRunsTests {
    static let gif = ModelCommandTests.fixtures + "/../render/spinner-1x-4cs-32-delta.gif"
    static let model = ModelCommandTests.fixture("loading-spinner.json")

    /// Inspect and fit through the library; the readings and the fit as text.
    static func inspectAndFit(parallel: Bool) throws -> String {
        var options = InspectOptions()
        options.parallel = parallel
        let recording = try Recording(contentsOf: gif)
        let document = try ModelLoader.load(path: model)
        let inspection = try Inspector(options).inspect(recording, model: document)
        var fitOptions = FitOptions()
        fitOptions.parallel = parallel
        let fit = try Fitter(fitOptions).fit(document, to: inspection)
        let readings = inspection.layers.flatMap { layer in
            layer.readings.map { "\(layer.name) \($0.state) \(String(describing: $0.startAngle)) \(String(describing: $0.endAngle))" }
        }
        return readings.joined(separator: "\n") + "\nphase \(fit.phase) rate \(fit.rate) max \(String(describing: fit.maxTimingError))"
    }

    /// `body(k)` for k in 0..<count, each on a thread of its own, all at once.
    static func atOnce(_ count: Int, _ body: @escaping @Sendable (Int) -> String) -> [String] {
        final class Results: Sendable {
            let texts: Mutex<[String]>
            init(_ count: Int) { texts = Mutex(Array(repeating: "", count: count)) }
        }
        let results = Results(count)
        withThreadGroup { group in
            for k in 0..<count {
                group.start(stackSize: 8 << 20) {
                    let text = body(k)
                    results.texts.withLock { $0[k] = text }
                }
            }
        }
        return results.texts.withLock { $0 }
    }

    @Test("inspect and fit from four threads at once, with and without threads of their own: the same results as one at a time")
    func library() throws {
        let alone = try Self.inspectAndFit(parallel: true)
        let together = Self.atOnce(4) { k in (try? Self.inspectAndFit(parallel: k % 2 == 0)) ?? "error" }
        #expect(together.count == 4)
        #expect(together.allSatisfy { $0 == alone })
    }

    @Test("commands with --jobs 1 and without, on several threads at once: each prints what it prints alone, and the thread budget is not left changed")
    func commands() throws {
        let lines: [[String]] = [
            ["inspect", Self.gif, "--format", "json", "--jobs", "1"],
            ["fit", Self.gif, "--model", Self.model, "--format", "json"],
            ["inspect", Self.gif, "--format", "json"],
            ["fit", Self.gif, "--model", Self.model, "--format", "json", "--jobs", "1"],
        ]
        @Sendable func run(_ arguments: [String]) -> String {
            let out = BufferSink(), err = BufferSink()
            let code = StrokeScope.run(arguments: arguments, console: Console(out: out, err: err))
            return "\(code)\n\(out.text)\(err.text)"
        }
        let alone = lines.map(run)
        let together = Self.atOnce(lines.count) { k in run(lines[k]) }
        #expect(together == alone)
        #expect(RunBudget.parallel)
    }
}

extension ConcurrentRunsTests {
    @Test("two runs on two threads at once each see their own thread budget, and the default is untouched after")
    func budgetPerRun() {
        final class Gate: Sendable {
            let arrived = Mutex(0)
            /// Waits until both runs are inside their scope, so each reads while the other holds its own.
            func meet() {
                arrived.withLock { $0 += 1 }
                while arrived.withLock({ $0 }) < 2 { sched_yield() }
            }
        }
        let gate = Gate()
        let seen = Self.atOnce(2) { k in
            let budget = try? RunBudget.with(parallel: k == 0) { () throws(CLIError) -> String in
                gate.meet()
                return "\(RunBudget.parallel)"
            }
            return budget ?? "error"
        }
        #expect(seen == ["true", "false"])
        #expect(RunBudget.parallel)
    }
}
