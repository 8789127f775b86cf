/// The one escaper for control characters, used wherever text from a user or a file is shown
/// or written out: terminal messages, the command language's string literals, JSON and Swift.
///
/// Escaped: C0 controls, DEL, the C1 controls U+0080–U+009F (U+009B alone starts a terminal
/// control sequence, like ESC [), line and paragraph separators (which end lines in some
/// readers) and invisible format characters (zero-width and bidirectional overrides, which
/// can make text read as something it is not). Everything else passes through unchanged.
package enum EscapeStyle: Sendable {
    /// `\u{1b}`, `\n`, `\t`, `\r`: error messages, `tree`, `inspect`, history.
    case terminal
    /// `\u{1b}`, `\n`, `\t`: string literals of the command language (which reads these).
    case script
    /// `\u001b`, `\b`, `\f`: JSON strings.
    case json
    /// `\u{1b}`, `\0`: Swift string literals.
    case swift
}

/// Whether `u` is escaped by `escapeControls`.
package func isEscapedControl(_ u: Unicode.Scalar) -> Bool {
    if u.value < 0x20 || (0x7F...0x9F).contains(u.value) { return true }
    guard u.value >= 0xAD else { return false }
    switch u.properties.generalCategory {
    case .lineSeparator, .paragraphSeparator, .format: return true
    default: return false
    }
}

/// `s` with every control character escaped in `style`; with `quoted`, also `"` and `\`, and
/// the result wrapped in double quotes (a string literal of that language).
package func escapeControls(_ s: String, as style: EscapeStyle = .terminal, quoted: Bool = false) -> String {
    var out = quoted ? "\"" : ""
    for u in s.unicodeScalars {
        switch u {
        case "\"" where quoted: out += "\\\""
        case "\\" where quoted: out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r" where style != .script: out += "\\r"
        case "\u{08}" where style == .json: out += "\\b"
        case "\u{0C}" where style == .json: out += "\\f"
        case "\0" where style == .swift: out += "\\0"
        default:
            guard isEscapedControl(u) else { out.unicodeScalars.append(u); continue }
            switch style {
            case .json:
                // JSON escapes UTF-16 code units: a scalar past U+FFFF is a surrogate pair.
                for unit in String(u).utf16 {
                    let h = String(unit, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
                }
            case .terminal, .script, .swift: out += "\\u{" + String(u.value, radix: 16) + "}"
            }
        }
    }
    return quoted ? out + "\"" : out
}

/// Text for a terminal: control characters shown as escapes, so names and strings from files
/// cannot send escape sequences.
package func escapeForTerminal(_ s: String) -> String { escapeControls(s) }
