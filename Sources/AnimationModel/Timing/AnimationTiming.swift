/// The parent → active → basic local time mapping of one timing node (CA-TIMING.md §1.5).
extension ResolvedAnimation {
    /// Where the node is at parent time `tp`: basic local time `u` in [0, duration] and the
    /// iteration `k`; nil when it contributes nothing (not active and not filling).
    ///
    /// `topLevel`: only a top-level animation is removed on completion; a group child's
    /// `removedOnCompletion` is ignored (its group decides).
    @inline(__always)
    func localTime(at tp: Double, topLevel: Bool) -> (u: Double, k: Double)? {
        let elapsed: Double
        if speed > 0 {
            if tp < begin {
                guard fillsBackwards else { return nil }
                elapsed = 0
            } else if tp > end {
                guard fillsForwards, !(topLevel && removedOnCompletion) else { return nil }
                elapsed = activeDuration
            } else {
                elapsed = (tp - begin) * speed
            }
        } else {
            // speed 0: frozen at its time offset from the begin on.
            if tp < begin {
                guard fillsBackwards else { return nil }
            }
            elapsed = 0
        }
        let active = elapsed + timeOffset
        // A parent time or speed so large that the active time overflows a double (or meets an
        // opposite infinity) has no phase left: the node shows its start.
        guard active.isFinite else { return (0, 0) }
        guard cycle.isFinite else { return (min(max(active, 0), duration), 0) }
        var k = (active / cycle).rounded(.down)
        var w = active - k * cycle
        // A cycle so short that the iteration count overflows leaves no phase either.
        guard k.isFinite, w.isFinite else { return (0, 0) }
        // Rounding can leave w a hair below a cycle boundary or below zero.
        if w >= cycle - 1e-12 * max(1, cycle) { k += 1; w = 0 }
        if w < 0 { w = 0 }
        // End-of-active rule: at the very end of a finite active interval, show the END of the
        // last cycle rather than the start of the next (§1.5).
        if w <= 1e-9 && active > 0 && activeDuration.isFinite && abs(elapsed - activeDuration) <= 1e-9 {
            k -= 1
            w = cycle
        }
        let u = (autoreverses && w > duration) ? 2 * duration - w : w
        return (min(max(u, 0), duration), k)
    }
}
