/// The threads of one run: each started through the group is joined when the run's scope ends
/// (`withThreadGroup`), after the group's stop actions have told them to finish early.
public final class ThreadGroup {
    private var threads: [JoinableThreadBox] = []
    private var stopActions: [() -> Void] = []

    fileprivate init() {}

    /// Starts `body` on a thread of the group.
    public func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
        threads.append(JoinableThreadBox(JoinableThread(stackSize: stackSize, body)))
    }

    /// Runs `action` when the scope ends, before the threads are joined: a thread that may wait
    /// for room or work (a decoder ahead of its reader) is told to stop so the join returns.
    public func onStop(_ action: @escaping () -> Void) {
        stopActions.append(action)
    }

    fileprivate func finish() {
        for action in stopActions.reversed() { action() }
        stopActions = []
        for box in threads { box.join() }
        threads = []
    }
}

/// A movable home for a non-copyable thread in an array.
private final class JoinableThreadBox {
    private var thread: JoinableThread?
    init(_ thread: consuming JoinableThread) { self.thread = consume thread }
    func join() { thread.take()?.join() }
}

/// Runs `body` with a group for the threads it starts, and joins every one of them before
/// returning or throwing: no thread keeps running after the call.
public func withThreadGroup<R, E: Error>(_ body: (ThreadGroup) throws(E) -> R) throws(E) -> R {
    let group = ThreadGroup()
    defer { group.finish() }
    return try body(group)
}
