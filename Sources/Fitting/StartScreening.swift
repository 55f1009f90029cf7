extension Fitter {
    /// The refinement's starting points worth refining on all frames.
    ///
    /// Refining every start on every frame was most of a long recording's fit time, and most
    /// starts end in a worse minimum than the best. When the recording has enough frames to
    /// thin out (200 or more), each start is first refined the same way on about a hundred of
    /// them, evenly spread, which ranks the minima the starts lead to at a fraction of the cost.
    /// The starts whose screened minimum comes within `margin` (relative) of the best one go on,
    /// unchanged, to the refinement on all frames, so the fit's answer is the one refining every
    /// start would give whenever the best start is among them; ties (several starts in one
    /// valley) all go on. Shorter recordings refine every start, as before.
    static func finalists(of starts: [[Double]], problem: Problem, margin: Double = 0.5, parallel: Bool) -> [[Double]] {
        var screening = problem
        screening.frameLimit = 100
        guard starts.count > 1, problem.frames.count >= 2 * screening.frameLimit else { return starts }
        let screen = screening
        let losses = ParallelMap.map(starts, parallel: parallel) { screen.refine(from: $0).loss }
        guard let lowest = losses.min(), lowest.isFinite else { return starts }
        let limit = lowest + margin * abs(lowest) + 1e-9
        return starts.indices.filter { losses[$0] <= limit }.map { starts[$0] }
    }
}
