/// Whether the command running on this thread may use threads of its own (the fit's search on
/// every core, a decoding thread). Bound for the length of one run (`StrokeScope.run`, each
/// file of a batch); two runs on two threads each see their own.
enum RunBudget {
    @TaskLocal static var parallel = true

    /// Runs `body` with the budget bound to `parallel`.
    static func with<R>(parallel: Bool, _ body: () throws(CLIError) -> R) throws(CLIError) -> R {
        let result: Result<R, CLIError> = $parallel.withValue(parallel) {
            do throws(CLIError) { return .success(try body()) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
