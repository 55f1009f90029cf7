import Raster

/// Runs `CapEvidenceJob`s for an `ArcMeasurer`, on the caller's thread or another one.
public protocol CapEvidenceRunner: AnyObject, Sendable {
    /// Queues a job; jobs run in the order submitted.
    func submit(_ job: CapEvidenceJob)
    /// Waits for every job submitted so far, then returns their results in submission order
    /// and forgets them.
    func collect() -> [CapEvidence?]
}
