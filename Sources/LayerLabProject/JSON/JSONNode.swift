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

    /// A hash of a key's UTF-8 bytes (FNV-1a), the same in every run.
    package static func fingerprint(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        return h
    }

    package static func fingerprint(_ key: String) -> UInt64 {
        var key = key
        return key.withUTF8 { fingerprint($0) }
    }
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
    /// `Double(text)` for a JSON number's text, bit for bit. Numbers of up to 15 significant
    /// digits with a small power of ten (nearly all of them) skip the general conversion: the
    /// digits and the power are both exact doubles, so one multiply or divide rounds exactly as
    /// `Double(text)` does.
    package static func double(_ text: String) -> Double? {
        var text = text
        let fast = text.withUTF8 { u -> Double? in
            var k = 0
            let negative = k < u.count && u[k] == UInt8(ascii: "-")
            if negative { k += 1 }
            var mantissa: UInt64 = 0, digits = 0, scale = 0
            var fraction = false
            while k < u.count {
                let b = u[k]
                if b == UInt8(ascii: ".") && !fraction {
                    fraction = true
                } else if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
                    if mantissa != 0 || b != UInt8(ascii: "0") {
                        digits += 1
                        if digits > 15 { return nil }
                        mantissa = mantissa * 10 + UInt64(b - UInt8(ascii: "0"))
                    }
                    if fraction { scale -= 1 }
                } else {
                    break
                }
                k += 1
            }
            if k < u.count {
                guard u[k] == UInt8(ascii: "e") || u[k] == UInt8(ascii: "E") else { return nil }
                k += 1
                var exponentNegative = false
                if k < u.count, u[k] == UInt8(ascii: "+") || u[k] == UInt8(ascii: "-") {
                    exponentNegative = u[k] == UInt8(ascii: "-")
                    k += 1
                }
                var exponent = 0
                while k < u.count, u[k] >= UInt8(ascii: "0"), u[k] <= UInt8(ascii: "9") {
                    exponent = exponent * 10 + Int(u[k] - UInt8(ascii: "0"))
                    if exponent > 1000 { return nil }
                    k += 1
                }
                guard k == u.count else { return nil }
                scale += exponentNegative ? -exponent : exponent
            }
            var v = Double(mantissa)
            if mantissa != 0 {
                guard let power = JSONNode.exactPowerOfTen(scale.magnitude) else { return nil }
                if scale > 0 { v *= power } else if scale < 0 { v /= power }
            }
            return negative ? -v : v
        }
        return fast ?? Double(text)
    }

    /// 10^n for n ≤ 22, the powers a double holds exactly.
    private static func exactPowerOfTen(_ n: UInt) -> Double? {
        guard n <= 22 else { return nil }
        var p = 1.0
        for _ in 0..<n { p *= 10 }
        return p
    }
}
