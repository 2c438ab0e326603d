/// The known name a mistyped one most likely meant: `watch` for `watches`, `abvoe` for `above`.
public enum NearName {
    /// The closest of `known` within two edits (a letter added, dropped, changed or two
    /// swapped; one for a name of three or four letters), ignoring case; `nil` when none is
    /// that close.
    public static func closest(to name: String, among known: [String]) -> String? {
        let typed = Array(name.lowercased())
        guard !typed.isEmpty else { return nil }
        let scored = known.map { ($0, distance(typed, Array($0.lowercased()))) }
        // Short names are too alike to guess between: `x` is no typo of `y`.
        let allowed = typed.count < 3 ? 0 : typed.count < 5 ? 1 : 2
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= allowed else { return nil }
        return best.0
    }

    /// Optimal string alignment distance: Levenshtein with a swap of neighbours as one edit.
    public static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// Levenshtein distance over Unicode scalars, case as given: how far a typed code or
    /// symbol is from a known one.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
