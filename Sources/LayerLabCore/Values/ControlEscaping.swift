/// The one escaper for control characters, used wherever text from a user or a file is shown
/// or written out: terminal messages, the command language's string literals, JSON and Swift.
///
/// Escaped: C0 controls, DEL, the C1 controls U+0080–U+009F (U+009B alone starts a terminal
/// control sequence, like ESC [) and the line and paragraph separators U+2028/U+2029 (which
/// end lines in some readers). Everything else passes through unchanged.
public enum EscapeStyle: Sendable {
    /// `\u{1b}`: error messages, `tree`, `inspect`, history; also the command language.
    case terminal
    /// `\u001b`, `\b`, `\f`: JSON strings.
    case json
    /// `\u{1b}`, `\0`: Swift string literals.
    case swift
}

/// Whether `u` is escaped by `escapeControls`.
@inline(__always) public func isEscapedControl(_ u: Unicode.Scalar) -> Bool {
    u.value < 0x20 || (0x7F...0x9F).contains(u.value) || u.value == 0x2028 || u.value == 0x2029
}

/// `s` with every control character escaped in `style`; with `quoted`, also `"` and `\`, and
/// the result wrapped in double quotes (a string literal of that language).
public func escapeControls(_ s: String, as style: EscapeStyle = .terminal, quoted: Bool = false) -> String {
    var out = quoted ? "\"" : ""
    for u in s.unicodeScalars {
        switch u {
        case "\"" where quoted: out += "\\\""
        case "\\" where quoted: out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        case "\u{08}" where style == .json: out += "\\b"
        case "\u{0C}" where style == .json: out += "\\f"
        case "\0" where style == .swift: out += "\\0"
        default:
            guard isEscapedControl(u) else { out.unicodeScalars.append(u); continue }
            let hex = String(u.value, radix: 16)
            switch style {
            case .json: out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            case .terminal, .swift: out += "\\u{" + hex + "}"
            }
        }
    }
    return quoted ? out + "\"" : out
}

/// Text for a terminal: control characters shown as escapes, so names and strings from files
/// cannot send escape sequences.
public func escapeForTerminal(_ s: String) -> String { escapeControls(s) }
