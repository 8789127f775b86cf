import LayerLabCore

/// A JSON tree with ordered object keys, written compactly and deterministically.
///
/// NB: Foundation's `JSONSerialization` neither keeps key order nor formats numbers the same
/// way on every platform; exports must be byte-for-byte repeatable.
indirect enum JSONValue: Hashable, Sendable {
    case number(Double)
    /// A number written in full (colours, where a player's 8-bit result must be exact).
    case precise(Double)
    case string(String)
    case bool(Bool)
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (a: JSONValue, b: JSONValue) -> Bool { a.text == b.text }
    func hash(into h: inout Hasher) { h.combine(text) }

    static func numbers(_ vs: [Double]) -> JSONValue { .array(vs.map { .number($0) }) }

    /// An object with one more key at the end (other values unchanged).
    func adding(_ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(let pairs) = self else { return self }
        return .object(pairs + [(key, value)])
    }

    /// The compact JSON text.
    var text: String {
        var out = ""
        write(into: &out)
        return out
    }

    func write(into out: inout String) {
        switch self {
        case .number(let v):
            // Three decimals are far below what a player can show, and keep files small.
            let r = (v * 1000).rounded() / 1000
            out += r.isFinite ? formatNumber(r) : "0"
        case .precise(let v): out += v.isFinite ? formatNumber(v) : "0"
        case .string(let s): out += CastExporter.jsonString(s)
        case .bool(let b): out += b ? "true" : "false"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (i, (k, v)) in pairs.enumerated() {
                if i > 0 { out += "," }
                out += CastExporter.jsonString(k) + ":"
                v.write(into: &out)
            }
            out += "}"
        }
    }

    /// The value under `key` of an object.
    subscript(key: String) -> JSONValue? {
        if case .object(let pairs) = self { return pairs.first { $0.0 == key }?.1 }
        return nil
    }
}
