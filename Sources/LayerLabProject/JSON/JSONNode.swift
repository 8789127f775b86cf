import LayerLabCore

/// A 1-based line and column in the project text; columns count Unicode scalars.
package struct SourcePosition: Hashable, Sendable {
    package var line: Int
    package var column: Int
    package init(line: Int, column: Int) { self.line = line; self.column = column }
}

/// A parsed JSON value that remembers where it started, so every later error can name its
/// line and column.
///
/// Numbers keep their text: the decoder converts them, which lets it say "found 1e999" and
/// keeps the conversion in one place.
package struct JSONNode: Sendable {
    package enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case array([JSONNode])
        case object([JSONMember])
    }

    package var kind: Kind
    package var position: SourcePosition

    /// How the value is named in "found …" messages.
    package var summary: String {
        switch kind {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let t): return t
        case .string(let s):
            let shown = s.count > 40 ? String(s.prefix(40)) + "…" : s
            return JSONValue.quoted(shown)
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One `"key": value` pair of an object, in file order.
package struct JSONMember: Sendable {
    package var key: String
    package var keyPosition: SourcePosition
    package var value: JSONNode
    /// `fingerprint(key)`: finding a key among an object's members compares these first,
    /// which is cheaper than comparing strings.
    package var keyFingerprint: UInt64

    init(key: String, keyPosition: SourcePosition, value: JSONNode, keyFingerprint: UInt64) {
        self.key = key; self.keyPosition = keyPosition; self.value = value; self.keyFingerprint = keyFingerprint
    }

    /// A key's fingerprint: FNV-1a of its bytes, the same in every run.
    package static func fingerprint(_ key: String) -> UInt64 { fnv(key) }
}

/// A location inside the document tree, printed as JSONPath (`$.layers[2].properties.opacity`).
package struct JSONPath: Sendable, CustomStringConvertible {
    package enum Component: Sendable {
        case key(String)
        case index(Int)
    }

    package var components: [Component] = []

    package static let root = JSONPath()

    package func appending(_ key: String) -> JSONPath { JSONPath(components: components + [.key(key)]) }
    package func appending(_ index: Int) -> JSONPath { JSONPath(components: components + [.index(index)]) }

    /// `$.name` for identifier-like keys, `$["transform.rotation.z"]` for the rest.
    package var description: String {
        var out = "$"
        for c in components {
            switch c {
            case .index(let i): out += "[\(i)]"
            case .key(let k):
                if JSONPath.isPlain(k) { out += "." + k } else { out += "[" + JSONValue.quoted(k) + "]" }
            }
        }
        return out
    }

    private static func isPlain(_ k: String) -> Bool {
        guard let first = k.unicodeScalars.first, first == "_" || ("a"..."z").contains(first)
                || ("A"..."Z").contains(first) else { return false }
        return k.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0)
            || ("0"..."9").contains($0) }
    }
}

extension JSONNode {
    /// `Double(text)` for a JSON number's text, bit for bit: short decimals (nearly all of
    /// them) through `shortDecimal`, the rest through the general conversion.
    package static func double(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { shortDecimal($0) } ?? Double(text)
    }
}
