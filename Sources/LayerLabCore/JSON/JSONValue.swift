/// A JSON tree with object members in the order they are written: what project files, Lottie
/// files and casts are built as. Shared within the package, not part of any module's API.
///
/// NB: Foundation's `JSONSerialization` neither keeps key order nor formats numbers the same
/// way on every platform; LayerLab's files must be byte-for-byte repeatable.
package indirect enum JSONValue: Sendable {
    case null
    case bool(Bool)
    /// A number. Compact output (exports) rounds it to three decimals.
    case number(Double)
    /// A number compact output writes in full (colours, where a player's 8-bit result must be exact).
    case precise(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func numbers(_ vs: [Double]) -> JSONValue { .array(vs.map { .number($0) }) }

    /// An object with one more key at the end (other values unchanged).
    package func adding(_ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(let pairs) = self else { return self }
        return .object(pairs + [(key, value)])
    }

    /// The value under `key` of an object.
    package subscript(key: String) -> JSONValue? {
        if case .object(let pairs) = self { return pairs.first { $0.0 == key }?.1 }
        return nil
    }

    /// Neither an array nor an object.
    package var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    /// The compact text exports write: no spaces, numbers to three decimals unless `precise`,
    /// non-finite numbers as 0.
    package var text: String {
        var out = ""
        writeCompact(into: &out)
        return out
    }

    private func writeCompact(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .number(let v):
            // Three decimals are far below what a player can show, and keep files small.
            let r = (v * 1000).rounded() / 1000
            out += r.isFinite ? formatNumber(r) : "0"
        case .precise(let v): out += v.isFinite ? formatNumber(v) : "0"
        case .string(let s): out += JSONValue.quoted(s)
        case .bool(let b): out += b ? "true" : "false"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.writeCompact(into: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (i, (k, v)) in pairs.enumerated() {
                if i > 0 { out += "," }
                out += JSONValue.quoted(k) + ":"
                v.writeCompact(into: &out)
            }
            out += "}"
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, the rest as is.
    package static func quoted(_ s: String) -> String { escapeControls(s, as: .json, quoted: true) }
}
