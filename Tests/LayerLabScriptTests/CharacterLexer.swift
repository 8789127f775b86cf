@testable import LayerLabScript

/// The lexer as it was before it read UTF-8 bytes: it worked on `[Character]` and classified
/// every character with Unicode properties. Kept unchanged (less the line-by-line feeding) as
/// the reference the byte-level `Lexer` must agree with, token for token and error for error
/// (LexerEquivalenceTests).
struct CharacterLexer {
    var chars: [Character]
    var i = 0
    var line: Int
    var column = 1
    var tokens: [Token] = []
    var openers: [(Character, SourceRange)] = []
    /// How many of `openers` are `(` or `[` (kept as a count so a newline or `;` costs O(1)).
    var bracketDepth = 0
    var sawSpace = true
    /// Whether a `/` was lexed since the last space: the run of text being lexed is a file path.
    var runHasSlash = false
    /// A `/` known to lie ahead in the run being lexed, before any space (see `inFilePath`).
    var slashAhead = -1
    /// Characters looked at by `inFilePath` (a test checks it stays within the text's length).
    var lookaheadSteps = 0

    /// Units a number may carry: times (ms, s) and angles (deg, turn, rad).
    static let units: Set<String> = ["ms", "s", "deg", "rad", "turn"]

    init(_ text: String, firstLine: Int) {
        chars = Array(text)
        line = firstLine
    }

    /// The tokens of `text`, ending with `.end`.
    static func tokenize(_ text: String, firstLine: Int = 1) throws(ScriptError) -> [Token] {
        var lexer = CharacterLexer(text, firstLine: firstLine)
        try lexer.run()
        return lexer.tokens
    }

    var here: SourceLocation { SourceLocation(line: line, column: column) }

    mutating func advance() {
        if chars[i].isNewline { line += 1; column = 1 } else { column += 1 }
        i += 1
    }

    func peek(_ k: Int = 0) -> Character? { i + k < chars.count ? chars[i + k] : nil }

    /// Whether a value may stand here (after `=`, `(`, `,` or `[`), so `#abc` is a colour.
    var inCommand: Bool {
        guard let last = tokens.last else { return false }
        return [.symbol("="), .symbol("("), .symbol(","), .symbol("[")].contains(last.kind)
    }

    mutating func emit(_ kind: Token.Kind, from start: SourceLocation, startIndex: Int) {
        let text = String(chars[startIndex..<i])
        tokens.append(Token(kind: kind, range: SourceRange(start, here), text: text, spaceBefore: sawSpace))
        if sawSpace { runHasSlash = false }
        if kind == .symbol("/") { runHasSlash = true }
        sawSpace = false
    }

    /// Whether the run of text without spaces around `i` holds a `/`, so it is a file path
    /// (`/tmp/x-5WPtzP/a.lab`, `out/2024x/a.lab`) whose parts may start with digits.
    /// `slashAhead` remembers the `/` found, so scanning ahead costs O(length) in all.
    mutating func inFilePath() -> Bool {
        if runHasSlash && !sawSpace { return true }
        if i <= slashAhead { return true }
        var k = i
        while k < chars.count, !chars[k].isWhitespace, chars[k] != "\"" {
            lookaheadSteps += 1
            if chars[k] == "/" { slashAhead = k; return true }
            k += 1
        }
        return false
    }

    mutating func run() throws(ScriptError) {
        try scan()
        if let open = openers.first { throw .unclosed(open.0, open.1) }
        tokens.append(Token(kind: .end, range: SourceRange(here, here), text: "", spaceBefore: sawSpace))
    }

    /// Lexes from `i` to the end of `chars`.
    mutating func scan() throws(ScriptError) {
        while let c = peek() {
            let start = here, startIndex = i
            if c.isNewline {
                advance()
                if bracketDepth == 0 {
                    tokens.append(Token(kind: .separator, range: SourceRange(start, start), text: "\n", spaceBefore: sawSpace))
                } else if startsCommand(), let open = openers.last(where: { $0.0 != "{" }) {
                    throw .cutShort(open.0, open.1)
                }
                sawSpace = true
            } else if c.isWhitespace {
                advance(); sawSpace = true
            } else if c == "\\" {
                advance()
                while let d = peek(), d.isWhitespace, !d.isNewline { advance() }
                if peek() == nil { throw .danglingBackslash(SourceRange(start, here)) }
                guard let d = peek(), d.isNewline else {
                    throw .invalid("'\\' continues a line only at its end", SourceRange(start, SourceLocation(line: start.line, column: start.column + 1)))
                }
                advance(); sawSpace = true
            } else if c == "#" {
                if inCommand, let hex = hexRun(), [3, 4, 6, 8].contains(hex) {
                    advance()
                    for _ in 0..<hex { advance() }
                    emit(.hexColor(String(chars[(startIndex + 1)..<i])), from: start, startIndex: startIndex)
                } else if inCommand, let d = peek(1), d.isLetter || d.isNumber || d == "_" {
                    advance()
                    wordRest()
                    throw .invalid("'\(String(chars[startIndex..<i]))' is not a colour: a hex colour has 3, 4, 6 or 8 hex digits (0-9, a-f) after '#': #rgb, #rgba, #rrggbb or #rrggbbaa",
                                   SourceRange(start, here))
                } else {
                    while let d = peek(), !d.isNewline { advance() }
                    sawSpace = true
                }
            } else if c == ";" && bracketDepth == 0 {
                advance()
                tokens.append(Token(kind: .separator, range: SourceRange(start, here), text: ";", spaceBefore: sawSpace))
                sawSpace = true
            } else if c == "\"" {
                try string()
            } else if c.isASCII && c.isNumber || (c == "." && (peek(1)?.isASCII ?? false) && (peek(1)?.isNumber ?? false)) {
                try number()
            } else if c.isLetter || c == "_" {
                wordRest()
                emit(.word(String(chars[startIndex..<i])), from: start, startIndex: startIndex)
            } else {
                advance()
                let range = SourceRange(start, here)
                switch c {
                case "(", "[", "{":
                    openers.append((c, range))
                    if c != "{" { bracketDepth += 1 }
                case ")", "]", "}":
                    let want: Character = c == ")" ? "(" : c == "]" ? "[" : "{"
                    guard let last = openers.last, last.0 == want else { throw .unbalanced(c, range) }
                    openers.removeLast()
                    if c != "}" { bracketDepth -= 1 }
                default: break
                }
                emit(.symbol(c), from: start, startIndex: startIndex)
            }
        }
    }

    /// Reads the rest of a word: letters, digits, `_`, and dots followed by one of those.
    mutating func wordRest() {
        while let d = peek(), d.isLetter || d.isNumber || d == "_" ||
                (d == "." && (peek(1).map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false)) {
            advance()
        }
    }

    /// Whether the line starting at `i` starts with a command word and a space or its end.
    func startsCommand() -> Bool {
        var k = 0
        while let d = peek(k), d.isASCII, d.isLetter || d.isNumber || d == "_" { k += 1 }
        guard k > 0, let first = peek(0), first.isLetter else { return false }
        if let after = peek(k), !(after == " " || after == "\t" || after.isNewline) { return false }
        return CommandTable.indexByWord[String(chars[i..<(i + k)])] != nil
    }

    /// The length of the run of hex digits after `#`, if it ends where a word would.
    func hexRun() -> Int? {
        var k = 1
        while let d = peek(k), d.isHexDigit { k += 1 }
        if let d = peek(k), d.isLetter || d.isNumber || d == "_" { return nil }
        return k - 1
    }

    mutating func string() throws(ScriptError) {
        let start = here, startIndex = i
        advance()
        var value = ""
        while true {
            guard let c = peek(), !c.isNewline else {
                throw .unterminatedString(SourceRange(start, here))
            }
            advance()
            if c == "\"" { break }
            if c == "\\" {
                let escStart = here
                guard let e = peek(), !e.isNewline else { throw .unterminatedString(SourceRange(start, here)) }
                advance()
                switch e {
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "\"": value.append("\"")
                case "\\": value.append("\\")
                case "u":
                    var hex = ""
                    if peek() == "{" {
                        advance()
                        while let h = peek(), h.isHexDigit, hex.count < 8 { hex.append(h); advance() }
                        if peek() == "}" { advance() } else { hex = "" }
                    }
                    guard let v = UInt32(hex, radix: 16), let u = Unicode.Scalar(v) else {
                        throw .invalid("bad unicode escape (write \\u{1F600})", SourceRange(escStart, here))
                    }
                    value.unicodeScalars.append(u)
                default:
                    throw .invalid("unknown escape '\\\(e)' (use \\n, \\t, \\\", \\\\ or \\u{…})", SourceRange(
                        SourceLocation(line: escStart.line, column: escStart.column - 1), here))
                }
            } else {
                value.append(c)
            }
        }
        emit(.string(value), from: start, startIndex: startIndex)
    }

    mutating func number() throws(ScriptError) {
        let start = here, startIndex = i
        let first = try digits()
        if peek() == "x", let d = peek(1),
           d.isASCII && d.isNumber || d == "." || (d == "-" && (peek(2).map { $0.isASCII && $0.isNumber || $0 == "." } ?? false)) {
            advance()
            var sign = 1.0
            if d == "-" { advance(); sign = -1 }
            let second = try digits()
            emit(.size(first, sign * second), from: start, startIndex: startIndex)
            return
        }
        var unit: String?
        if let c = peek(), c.isLetter {
            let unitStart = i
            while let d = peek(), d.isLetter { advance() }
            let u = String(chars[unitStart..<i])
            guard CharacterLexer.units.contains(u) else {
                if inFilePath() {
                    // A folder or file name that starts with digits: one word of the path.
                    wordRest()
                    emit(.word(String(chars[startIndex..<i])), from: start, startIndex: startIndex)
                    return
                }
                while let d = peek(), d.isLetter || d.isNumber || d == "_" { advance() }
                throw .unknownUnit(String(chars[startIndex..<i]), SourceRange(start, here))
            }
            unit = u
        }
        emit(.number(first, unit: unit), from: start, startIndex: startIndex)
    }

    /// Reads `12`, `1.5`, `.5`, `1e3` and returns the value; refuses overflow.
    mutating func digits() throws(ScriptError) -> Double {
        let start = here, startIndex = i
        while let d = peek(), d.isASCII && d.isNumber { advance() }
        if peek() == ".", let d = peek(1), d.isASCII && d.isNumber {
            advance()
            while let d = peek(), d.isASCII && d.isNumber { advance() }
        }
        if let e = peek(), e == "e" || e == "E" {
            var k = 1
            if let s = peek(1), s == "+" || s == "-" { k = 2 }
            if let d = peek(k), d.isASCII && d.isNumber {
                for _ in 0..<k { advance() }
                while let d = peek(), d.isASCII && d.isNumber { advance() }
            }
        }
        let text = String(chars[startIndex..<i])
        guard let v = Double(text), v.isFinite else { throw .numberTooLarge(SourceRange(start, here)) }
        return v
    }
}
