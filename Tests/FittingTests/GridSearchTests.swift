import Testing
import AnimationModel
@testable import Fitting

@Suite("The global search's grid")
struct GridSearchTests {
    @Test("frame-by-frame losses with reused terms equal each candidate's direct sum, bit for bit")
    func sameAsDirectSum() throws {
        let doc = try fixture("payment-success.json")
        let model = try doc.resolve()
        let times = (0..<40).map { Double($0) * 0.05 }
        var frames = synthetic(model, times: times, phase: 4.2, rate: 1.1, delay: 0.05)
        // A frame with an unmeasured layer: its terms are left out.
        frames[3].layers[0] = nil
        let rates = (0...12).map { 0.2 * Double($0) + 0.1 }
        let phases = (0..<50).map { -1 + 8 * Double($0) / 50 }
        // A table shorter than the searched times, so some terms fall outside it.
        let table = ModelTable(model: model, from: -1, to: 9, step: 0.004)
        let losses = GridSearch.losses(table: table, probe: frames, rates: rates, phases: phases, parallel: true)
        var c = 0
        for r in rates {
            for phase in phases {
                var direct = 0.0
                for f in frames {
                    for (j, o) in f.layers.enumerated() {
                        guard let o, let e = Residual.degrees(o, table.presentation(layer: j, at: phase + r * f.time)) else { continue }
                        direct += Residual.loss(e)
                    }
                }
                #expect(losses[c].bitPattern == direct.bitPattern, "rate \(r), phase \(phase)")
                c += 1
            }
        }
    }

    @Test("a table's nearest sample is Int(x.rounded()), ties away from zero included")
    func nearestSample() throws {
        let model = try fixture("loading-spinner.json").resolve()
        let table = ModelTable(model: model, from: -1, to: 1, step: 0.25)
        var times = [-1.2, -1.125, -1, -0.875, -0.125, 0, 0.125, 0.3, 0.375, 0.875, 0.9999, 1.125, 1.2, 1e300]
        times += (0..<2000).map { -1.5 + 3 * Double($0) / 1999 }
        for t in times {
            let x = (t - table.start) / table.step
            let k = x.magnitude < 1e18 ? Int(x.rounded()) : -1
            #expect(table.index(at: t) == (k >= 0 && k < table.sampleCount ? k : nil), "t = \(t)")
        }
    }
}

@Suite("A loss spread over the cores")
struct SpreadLossTests {
    @Test("a loss read on several cores equals the one-core loss bit for bit, outliers and free variables included")
    func sameAsSerial() throws {
        let doc = try fixture("loading-spinner.json")
        let model = try doc.resolve()
        let times = (0..<450).map { Double($0) / 60 }
        var frames = synthetic(model, times: times, phase: 0.3, rate: 1.05, delay: 1.0 / 60)
        frames[7].layers[0] = nil
        var serial = Problem(document: doc, frames: frames, free: doc.variables.filter { $0.fit != nil }, fixed: [:],
                             evaluation: EvaluationOptions(), pinnedRate: nil)
        serial.excluded = [3, 200, 201]
        for threads in [2, 3] {
            var spread = serial
            spread.lossThreads = threads
            for p in [[0.3, 0.0488, 1.5], [0.1, 0.2, 2.5], [1.2, -0.3, 0.9]] {
                #expect(spread.loss(p).bitPattern == serial.loss(p).bitPattern, "\(threads) threads at \(p)")
            }
        }
    }
}
