import Raster

extension ArcMeasurer {
    /// Fits one frame's two anti-aliased ends with both cap shapes for `capEvidence` (high end
    /// first): at once, or through `evidenceRunner` when both ends' neighbourhoods lie on the
    /// canvas. Either way the evidence is the same and kept in frame order: a frame counts only
    /// when both its ends could be fitted, and the caps are judged when the budget runs out
    /// (once collected, for submitted jobs).
    mutating func gatherEvidence(_ image: RGBAImage, ends: [(reference: Double, beyondClockwise: Bool)], lineWidth w: Double,
                                 background bg: SIMD4<Float>, axis: SIMD4<Float>,
                                 buttRange: ClosedRange<Double>, roundRange: ClosedRange<Double>) {
        let jobs = ends.map {
            CapEvidenceJob(image: image, ring: ring, lineWidth: w, reference: $0.reference, beyondClockwise: $0.beyondClockwise,
                           background: bg, axis: axis, buttRange: buttRange, roundRange: roundRange)
        }
        let complete = ends.allSatisfy {
            CapEvidenceJob.isComplete(ring: ring, lineWidth: w, reference: $0.reference, width: image.width, height: image.height)
        }
        if let runner = evidenceRunner, complete {
            // Every job will give its evidence, so the budget can be counted now.
            for job in jobs { runner.submit(job) }
            evidencePending = true
            evidenceRemaining -= jobs.count
            if evidenceRemaining <= 0 && knownCap == nil { judgementDue = true }
            return
        }
        // Run here; earlier submitted jobs first, to keep the evidence in frame order.
        settleEvidence()
        let results = jobs.compactMap { $0.run() }
        guard results.count == jobs.count else { return }
        record(results)
    }

    /// Collects the evidence of every submitted job (waiting for it) and judges the caps if the
    /// budget has run out. Call it before reading `capEvidence` or `inferredCap` when an
    /// `evidenceRunner` is set; without one it does nothing.
    public mutating func settleEvidence() {
        if evidencePending, let runner = evidenceRunner {
            evidencePending = false
            // Submitted jobs cannot fail (see `gatherEvidence`); a frame whose jobs did would not count.
            let results = runner.collect()
            var k = 0
            while k + 1 < results.count {
                if let high = results[k], let low = results[k + 1] { capEvidence += [high, low] }
                k += 2
            }
        }
        if judgementDue {
            judgementDue = false
            judgedCap = inferredCap ?? .butt
        }
    }

    /// Adds one frame's evidence and spends the budget on it.
    mutating func record(_ evidence: [CapEvidence]) {
        evidenceRemaining -= evidence.count
        capEvidence += evidence
        if evidenceRemaining <= 0 && knownCap == nil { judgedCap = inferredCap ?? .butt }
    }
}
