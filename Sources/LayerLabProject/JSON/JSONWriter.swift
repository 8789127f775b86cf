import LayerLabCore

/// Writes JSON deterministically: 2-space indent, members in the given order, numbers in their
/// shortest round-trip form, and arrays of plain values kept on one line (`[100, 50]`) so
/// points, sizes and colours stay readable and diffs stay small; so are objects of one plain
/// member (`{"ref": "tri"}`).
package enum JSONWriter {
    static func write(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        out += "\n"
        return out
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let v), .precise(let v): out += number(v)
        case .string(let s): out += JSONValue.quoted(s)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            if items.allSatisfy(\.isScalar) {
                out += "["
                for (n, item) in items.enumerated() {
                    if n > 0 { out += ", " }
                    write(item, indent: indent, into: &out)
                }
                out += "]"
                return
            }
            let pad = String(repeating: "  ", count: indent + 1)
            out += "[\n"
            for (n, item) in items.enumerated() {
                out += pad
                write(item, indent: indent + 1, into: &out)
                out += n == items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            if members.count == 1, members[0].1.isScalar {
                // A reference (`{"ref": "tri"}`) reads best on one line.
                out += "{" + JSONValue.quoted(members[0].0) + ": "
                write(members[0].1, indent: indent, into: &out)
                out += "}"
                return
            }
            let pad = String(repeating: "  ", count: indent + 1)
            out += "{\n"
            for (n, (key, item)) in members.enumerated() {
                out += pad + JSONValue.quoted(key) + ": "
                write(item, indent: indent + 1, into: &out)
                out += n == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    /// The shortest text that reads back as exactly `v` (Swift's `description`), with integral
    /// values written without `.0`. Non-finite values are not JSON numbers and are written as
    /// the strings `"inf"`, `"-inf"` and `"nan"`, which the decoder accepts wherever a number goes.
    static func number(_ v: Double) -> String {
        if v.isNaN { return "\"nan\"" }
        if v.isInfinite { return v < 0 ? "\"-inf\"" : "\"inf\"" }
        return numberText(v)
    }

    /// The number's text without quotes, also used inside path data and time expressions.
    /// Negative zero is written `0`: it equals 0, and Core's path reader gives back +0 anyway.
    static func numberText(_ v: Double) -> String { exactNumberText(v) }
}
