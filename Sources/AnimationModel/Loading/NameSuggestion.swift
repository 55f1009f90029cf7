/// "Did you mean …?" for mistyped keys, key paths, variable and layer names.
enum NameSuggestion {
    /// The candidate nearest to `typed`, or nil when none is near enough to be a plausible typo.
    ///
    /// Distance is counted without regard to case (`m_pi` is one step from nothing but `M_PI`), with
    /// adjacent swaps costing one edit like any other typo. A candidate qualifies when it is at most
    /// two edits away (or a third of the longer name, for long names), with fewer edits than the
    /// longer name has characters, and, beyond one edit, the same first letter, since typos rarely
    /// change it: `Dur` finds the variable `D`, while `x` finds nothing rather than `max`. Ties go to
    /// the earlier candidate so that messages are stable.
    static func closest(to typed: String, among candidates: [String]) -> String? {
        let lowered = Array(typed.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != typed {
            let other = Array(candidate.lowercased())
            let longer = max(lowered.count, other.count)
            let d = editDistance(lowered, other)
            guard d < longer, d <= max(2, longer / 3), d <= 1 || lowered.first == other.first else { continue }
            if best.map({ d < $0.distance }) ?? true { best = (candidate, d) }
        }
        return best?.name
    }

    /// Insertions, deletions, substitutions and swaps of neighbours turning `a` into `b`
    /// (the restricted Damerau–Levenshtein distance).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rolling rows: the swap rule looks two rows back.
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var oneBack = Array(0...b.count)
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                let substitution = oneBack[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                var cost = min(oneBack[j] + 1, row[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    cost = min(cost, twoBack[j - 2] + 1)
                }
                row[j] = cost
            }
            swap(&twoBack, &oneBack)
            swap(&oneBack, &row)
        }
        return oneBack[b.count]
    }

    /// The model's name for a value written as Objective-C or Swift spells it
    /// (`kCAMediaTimingFunctionEaseIn`, `kCAFillModeForwards`, `.round`), or nil. People transcribing
    /// code paste these, and edit distance alone cannot see through the prefix.
    static func fromCoreAnimationSpelling(_ typed: String, among names: [String]) -> String? {
        var text = Substring(typed)
        if text.hasPrefix(".") { text = text.dropFirst() }
        for prefix in ["kCAMediaTimingFunction", "kCAAnimation", "kCAFillMode", "kCALineCap", "kCALineJoin"]
        where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
            break
        }
        guard let first = text.first else { return nil }
        let name = first.lowercased() + text.dropFirst()
        return names.contains(name) && name != typed ? name : nil
    }

    /// The suggestion for a mistyped value among `names`: its Core Animation spelling first,
    /// then the nearest by edit distance.
    static func forValue(_ typed: String, among names: [String]) -> String? {
        fromCoreAnimationSpelling(typed, among: names) ?? closest(to: typed, among: names)
    }

    /// ` (did you mean 'x'?)`, or an empty string when nothing is close.
    static func hint(for typed: String, among candidates: [String]) -> String {
        closest(to: typed, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }
}
