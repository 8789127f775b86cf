/// Text made safe for roff's man macros.
///
/// A line that begins with `.` or `'` would be read as a request, so it is shielded with `\&`;
/// a backslash is roff's escape character and is written `\e`; characters outside ASCII are
/// named by code point (`\[u2190]`) so the page reads the same whatever the input encoding.
/// In `literal` text (options, commands, file names) a hyphen is `\-`, the minus sign that
/// man pages use so `--at` can be searched for and copied, and `|` may end a line.
enum Roff {
    /// Prose.
    static func text(_ s: String) -> String { escape(s, hyphens: false) }

    /// Something typed as written: an option, a command line, a path.
    static func literal(_ s: String) -> String { escape(s, hyphens: true) }

    /// `\fBtext\fR`.
    static func bold(_ s: String) -> String { "\\fB" + literal(s) + "\\fR" }

    /// `\fItext\fR`.
    static func italic(_ s: String) -> String { "\\fI" + literal(s) + "\\fR" }

    /// A line of text, shielded when it would start with a control character.
    static func line(_ escaped: String) -> String {
        escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    private static func escape(_ s: String, hyphens: Bool) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "\\": out += "\\e"
            case "-" where hyphens: out += "\\-"
            // A break point after each alternative, so a long `a|b|c` can wrap.
            case "|" where hyphens: out += "|\\:"
            case "\n": out += "\n"
            case _ where u.value > 126 || u.value < 32:
                let hex = String(u.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: out.unicodeScalars.append(u)
            }
        }
        // Every line of the result, not only the first, may begin a roff line.
        return out.split(separator: "\n", omittingEmptySubsequences: false).map { line(String($0)) }.joined(separator: "\n")
    }
}
