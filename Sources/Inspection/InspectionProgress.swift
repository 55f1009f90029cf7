/// Where a long run reports how far it is (a terminal's progress bar). Called on the run's
/// own thread only.
public protocol InspectionProgress: AnyObject {
    /// A stage begins: `total` items of `unit` (frames) to go through.
    func start(label: String, total: Int, unit: String)
    /// `done` of the stage's items are done.
    func update(_ done: Int)
    /// The stage is over.
    func finish()
}
