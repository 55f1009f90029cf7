import AnimationModel
import Fitting
import Inspection
import Testing
@testable import StrokeScopeCLI

/// Runs share nothing: each has its own options (threads allowed or not, the decoding thread),
/// so runs on several tasks at once give what each gives alone, and leave nothing behind.
@Suite("Runs on several tasks at once")
struct ConcurrentRunsTests {
    static let gif = ModelCommandTests.fixtures + "/../render/spinner-2x-2cs-256-delta.gif"
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

    @Test("inspect and fit from four tasks at once, with and without threads of their own: the same results as one at a time")
    func library() async throws {
        let alone = try Self.inspectAndFit(parallel: true)
        let together = try await withThrowingTaskGroup(of: String.self) { group in
            for k in 0..<4 { group.addTask { try Self.inspectAndFit(parallel: k % 2 == 0) } }
            var all: [String] = []
            for try await text in group { all.append(text) }
            return all
        }
        #expect(together.count == 4)
        #expect(together.allSatisfy { $0 == alone })
    }

    @Test("commands with --jobs 1 and without, on several tasks at once: each prints what it prints alone, and the thread budget is not left changed")
    func commands() async throws {
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
        for _ in 0..<2 {
            let together = await withTaskGroup(of: (Int, String).self) { group in
                for (k, line) in lines.enumerated() { group.addTask { (k, run(line)) } }
                var all = [String](repeating: "", count: lines.count)
                for await (k, text) in group { all[k] = text }
                return all
            }
            #expect(together == alone)
        }
        #expect(RunBudget.parallel)
    }
}
