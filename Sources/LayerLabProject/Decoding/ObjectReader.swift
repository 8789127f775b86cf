import LayerLabCore

/// Reads the members of one JSON object that must have a known set of keys.
///
/// Unknown keys are refused when the reader is made (with the nearest known key as a hint),
/// before any missing field, because a misspelt key usually *is* the missing field.
struct ObjectReader {
    let node: JSONNode
    let path: JSONPath
    /// What the object is, for messages: "a layer", "an animation".
    let what: String
    private let members: [String: JSONMember]

    init(_ node: JSONNode, _ path: JSONPath, what: String, allowed: [String]) throws(ProjectFileError) {
        guard case .object(let list) = node.kind else {
            throw ProjectFileError(.wrongType, at: node.position, path, "expected \(what) (an object), found \(node.summary)")
        }
        for m in list where !allowed.contains(m.key) {
            var message = "unknown key \(JSONValue.quoted(m.key)) in \(what)"
            if let hint = Suggestion.nearest(m.key, in: allowed) { message += "; did you mean \(JSONValue.quoted(hint))?" }
            throw ProjectFileError(.unknownKey, at: m.keyPosition, path.appending(m.key), message)
        }
        self.node = node; self.path = path; self.what = what
        self.members = Dictionary(list.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The member's value, or a "missing field" error pointing at the object's opening brace.
    func required(_ key: String) throws(ProjectFileError) -> JSONNode {
        guard let m = members[key] else {
            throw ProjectFileError(.missingField, at: node.position, path, "missing field \(JSONValue.quoted(key)) in \(what)")
        }
        return m.value
    }

    func optional(_ key: String) -> JSONNode? { members[key]?.value }

    func has(_ key: String) -> Bool { members[key] != nil }

    /// Where the key itself is written, for errors about the key rather than its value.
    func keyPosition(_ key: String) -> SourcePosition { members[key]?.keyPosition ?? node.position }

    func at(_ key: String) -> JSONPath { path.appending(key) }
}

/// "Did you mean …?" hints: the closest candidate by edit distance, if it is close enough.
enum Suggestion {
    static func nearest(_ word: String, in candidates: [String]) -> String? {
        let limit = max(1, word.count / 3)
        var best: (String, Int)?
        for c in candidates {
            let d = distance(word.lowercased(), c.lowercased())
            if d <= limit, d < (best?.1 ?? .max) { best = (c, d) }
        }
        return best?.0
    }

    /// Levenshtein distance over characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var prev = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let cur = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1))
                prev = cur
            }
        }
        return row[b.count]
    }
}
