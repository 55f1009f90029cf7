/// A small Nelder–Mead simplex minimiser for the few continuous parameters of a fit.
enum NelderMead {
    static func minimize(_ start: [Double], steps: [Double], iterations: Int = 200, _ f: ([Double]) -> Double) -> (point: [Double], value: Double) {
        let n = start.count
        guard n > 0 else { return (start, f(start)) }
        var simplex = [start]
        for i in 0..<n {
            var p = start
            p[i] += steps[i]
            simplex.append(p)
        }
        var values = simplex.map(f)
        for _ in 0..<iterations {
            let order = values.indices.sorted { values[$0] < values[$1] }
            simplex = order.map { simplex[$0] }
            values = order.map { values[$0] }
            if abs(values[n] - values[0]) <= 1e-12 * (abs(values[0]) + 1e-12) { break }
            var centroid = [Double](repeating: 0, count: n)
            for p in simplex.dropLast() { for j in 0..<n { centroid[j] += p[j] / Double(n) } }
            func towards(_ c: Double) -> [Double] { (0..<n).map { centroid[$0] + c * (simplex[n][$0] - centroid[$0]) } }
            let reflected = towards(-1), fr = f(reflected)
            if fr < values[0] {
                let expanded = towards(-2), fe = f(expanded)
                if fe < fr { simplex[n] = expanded; values[n] = fe } else { simplex[n] = reflected; values[n] = fr }
            } else if fr < values[n - 1] {
                simplex[n] = reflected; values[n] = fr
            } else {
                let contracted = fr < values[n] ? towards(-0.5) : towards(0.5)
                let fc = f(contracted)
                if fc < min(fr, values[n]) {
                    simplex[n] = contracted; values[n] = fc
                } else {
                    for i in 1...n {
                        simplex[i] = (0..<n).map { simplex[0][$0] + 0.5 * (simplex[i][$0] - simplex[0][$0]) }
                        values[i] = f(simplex[i])
                    }
                }
            }
        }
        let best = values.indices.min { values[$0] < values[$1] }!
        return (simplex[best], values[best])
    }
}
