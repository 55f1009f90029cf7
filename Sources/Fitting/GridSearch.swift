/// The global search's losses over a phase × rate grid, on a model table.
///
/// A candidate's loss is the sum, over the probe frames and their layers in order, of the
/// Cauchy loss of the frame's residual against the table sample nearest its model time. Many
/// candidates land a frame on the same table sample, so the sum is built frame by frame for
/// all candidates at once, with each (frame, layer, sample) loss computed once and reused.
/// Every candidate still adds the same terms in the same order as summing it alone, so the
/// losses are bit for bit those of the direct sum.
enum GridSearch {
    /// Losses for every (rate, phase) pair, rate-major: index `r * phases.count + p`. The rates
    /// are split into one run per core; each candidate's sum is the same either way.
    static func losses(table: ModelTable, probe: [ObservedFrame], rates: [Double], phases: [Double], parallel: Bool) -> [Double] {
        let runs = parallel ? min(ParallelMap.cores, rates.count) : 1
        guard runs > 1 else { return serialLosses(table: table, probe: probe, rates: rates, phases: phases) }
        let bounds = (0...runs).map { $0 * rates.count / runs }
        let parts = ParallelMap.map(Array(0..<runs), parallel: true) { i in
            serialLosses(table: table, probe: probe, rates: Array(rates[bounds[i]..<bounds[i + 1]]), phases: phases)
        }
        return parts.flatMap { $0 }
    }

    /// ``losses(table:probe:rates:phases:parallel:)`` on one thread.
    static func serialLosses(table: ModelTable, probe: [ObservedFrame], rates: [Double], phases: [Double]) -> [Double] {
        var totals = [Double](repeating: 0, count: rates.count * phases.count)
        let sampleCount = table.sampleCount
        // Per table sample: the loss of the current frame's layer there; .nan: not computed yet,
        // -1: nothing to compare (the term is left out).
        var memo = [Double](repeating: .nan, count: sampleCount)
        for f in probe {
            for (j, o) in f.layers.enumerated() {
                guard let o else { continue }
                memo.withUnsafeMutableBufferPointer { memo in
                    for k in memo.indices { memo[k] = .nan }
                    totals.withUnsafeMutableBufferPointer { totals in
                        var c = 0
                        for r in rates {
                            let step = r * f.time
                            for phase in phases {
                                // The model time and its table sample, as ModelTable.presentation
                                // computes them.
                                let t = phase + step
                                let term: Double
                                if let k = table.index(at: t) {
                                    if memo[k].isNaN {
                                        memo[k] = Residual.degrees(o, table.samples[j][k]).map { Residual.loss($0) } ?? -1
                                    }
                                    term = memo[k]
                                } else {
                                    // Outside the table: exact evaluation, as ModelTable.presentation does.
                                    term = Residual.degrees(o, table.presentation(layer: j, at: t)).map { Residual.loss($0) } ?? -1
                                }
                                if term >= 0 { totals[c] += term }
                                c += 1
                            }
                        }
                    }
                }
            }
        }
        return totals
    }
}
