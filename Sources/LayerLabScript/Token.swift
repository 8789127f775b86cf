import LayerLabCore

/// One lexical unit of the command language, with where it came from.
package struct Token: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        /// A name, keyword or dotted key path: `box`, `position.x`, `oval.path.2`.
        case word(String)
        /// A number with an optional unit suffix (`300ms`, `90deg`).
        case number(Double, unit: String?)
        /// `WxH`, as in `200x100`.
        case size(Double, Double)
        /// `"text"` with escapes resolved.
        case string(String)
        /// `#rgb`, `#rrggbb`, `#rrggbbaa` (the hex digits, without `#`).
        case hexColor(String)
        /// Punctuation and operators: `= ( ) [ ] { } , + - * /` and any other character.
        case symbol(Character)
        /// The end of a command (a newline or `;` outside brackets).
        case separator
        case end
    }

    package var kind: Kind
    package var range: SourceRange
    /// The text as written.
    package var text: String
    /// Whitespace (or a comment or line break) came right before this token.
    package var spaceBefore: Bool

    package var word: String? { if case .word(let w) = kind { return w }; return nil }

    package func isSymbol(_ c: Character) -> Bool { kind == .symbol(c) }

    /// How the token is named in "expected X, found Y" messages.
    var described: String {
        switch kind {
        case .end: return "end of input"
        case .separator: return text == ";" ? "';'" : "end of line"
        case .string: return "a string"
        default: return "'\(escapeForTerminal(text))'"
        }
    }
}
