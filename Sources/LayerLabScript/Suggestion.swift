/// "Did you mean …?": the candidate closest to a misspelt name.
package enum Suggestion {
    /// The nearest candidate by edit distance, if it is near enough to be a plausible typo
    /// (at most a third of the word's length, at least 1 and at most 3 edits). A candidate
    /// differing only in case always wins.
    package static func nearest(_ word: String, in candidates: some Sequence<String>) -> String? {
        let lower = word.lowercased()
        var best: (String, Int)?
        for c in candidates where c != word {
            if c.lowercased() == lower { return c }
            let d = distance(Array(lower), Array(c.lowercased()))
            if best == nil || d < best!.1 || (d == best!.1 && c < best!.0) { best = (c, d) }
        }
        guard let (name, d) = best else { return nil }
        let limit = min(3, max(1, word.count / 3))
        return d <= limit ? name : nil
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev2 = [Int](repeating: 0, count: b.count + 1)
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    cur[j] = min(cur[j], prev2[j - 2] + 1)
                }
            }
            (prev2, prev, cur) = (prev, cur, prev2)
        }
        return prev[b.count]
    }
}
