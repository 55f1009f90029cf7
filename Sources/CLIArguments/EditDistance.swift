/// "Did you mean …?" suggestions for mistyped option and command names.
enum EditDistance {
    /// The number of single-character insertions, deletions, substitutions and adjacent swaps
    /// turning `a` into `b` (optimal string alignment). Swaps count once because `--fromat` is
    /// as near to `--format` as a typo gets.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, previousPrevious[j - 2] + 1)
                }
                current[j] = best
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }

    /// The candidate nearest to `input`, if it is near enough to be a plausible typo: within a
    /// third of the candidate's length (at least 1), ignoring leading dashes. A distant suggestion
    /// is worse than none, since it sends the user after the wrong option.
    static func closest(to input: String, among candidates: [String]) -> String? {
        let typed = stripDashes(input).lowercased()
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let name = stripDashes(candidate).lowercased()
            let d = distance(typed, name)
            guard d <= max(1, name.count / 3) else { continue }
            if best.map({ d < $0.distance }) ?? true {
                best = (candidate, d)
            }
        }
        return best?.candidate
    }

    private static func stripDashes(_ name: String) -> String {
        String(name.drop { $0 == "-" })
    }
}
