import LayerLabCore

/// Splits command text into tokens with source positions.
///
/// Newlines and `;` end a command, except inside `(` or `[`, where a command may run over
/// several lines; inside `{` (group blocks) newlines still separate the children. A `\` at
/// the end of a line joins the next one. `#` starts a comment, except where a value may stand
/// (after `=`, `(`, `,` or `[`) and it is followed by 3, 4, 6 or 8 hex digits: then it is a
/// colour.
///
/// The lexer reads the text's UTF-8 bytes and steps a character (`Character`, a grapheme
/// cluster) at a time; columns count characters. See `LexChar` for how ASCII is read without
/// Unicode tables.
package struct Lexer: Sendable {
    var bytes: [UInt8]
    /// The byte offset of the next character.
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
    /// Where the step being lexed started (see `scan`).
    var resumePoint = (i: 0, line: 1, column: 1, sawSpace: true, runHasSlash: false)

    init(_ text: String, firstLine: Int) {
        self.init(bytes: Array(text.utf8), firstLine: firstLine)
    }

    init(bytes: [UInt8], firstLine: Int) {
        self.bytes = bytes
        line = firstLine
    }

    /// The tokens of `text`, ending with `.end`.
    package static func tokenize(_ text: String, firstLine: Int = 1) throws(ScriptError) -> [Token] {
        var lexer = Lexer(text, firstLine: firstLine)
        try lexer.run()
        return lexer.tokens
    }

    /// Whether `text` stops inside a bracket or after a trailing `\`, so an interactive front
    /// end should ask for another line rather than run it.
    package static func needsMoreInput(_ text: String) -> Bool {
        var lexer = Lexer(text, firstLine: 1)
        do {
            try lexer.run()
            return false
        } catch {
            if case .unclosed = error { return true }
            if case .danglingBackslash = error { return true }
            return false
        }
    }

    /// Units a number may carry: times (ms, s) and angles (deg, turn, rad).
    static func isUnit(_ u: String) -> Bool {
        switch u {
        case "ms", "s", "deg", "rad", "turn": return true
        default: return false
        }
    }

    var here: SourceLocation { SourceLocation(line: line, column: column) }

    /// The character starting at byte `p` (a character boundary), nil at the end.
    @inline(__always)
    func char(at p: Int) -> LexChar? {
        guard p < bytes.count else { return nil }
        let b = bytes[p]
        // An ASCII byte followed by another (or by the end) is a character on its own, except
        // "\r\n": only non-ASCII marks, joiners and prepended scalars join ASCII to a cluster.
        if b < 0x80 {
            let next: UInt8 = p + 1 < bytes.count ? bytes[p + 1] : 0
            if next < 0x80 && !(b == 13 && next == 10) { return LexChar(ascii: b) }
        }
        return LexChar(decoding: bytes, at: p)
    }

    /// The character at `i`.
    @inline(__always)
    func peek() -> LexChar? { char(at: i) }

    /// The character `k` characters ahead.
    func peek(_ k: Int) -> LexChar? {
        var p = i
        for _ in 0..<k {
            guard let c = char(at: p) else { return nil }
            p += c.length
        }
        return char(at: p)
    }

    /// Steps over `c`, the character at `i`.
    @inline(__always)
    mutating func advance(over c: LexChar) {
        if c.isNewline { line += 1; column = 1 } else { column += 1 }
        i += c.length
    }

    /// Steps over a run of ASCII bytes that `accept` takes (never line breaks), each a character
    /// of its own; stops before anything else, which the caller then reads as a `LexChar`.
    @inline(__always)
    mutating func skipASCII(while accept: (UInt8) -> Bool) {
        var p = i
        while p < bytes.count {
            let b = bytes[p]
            guard b < 0x80, accept(b) else { break }
            // A non-ASCII byte after it may join it into a larger character.
            if p + 1 < bytes.count && bytes[p + 1] >= 0x80 { break }
            p += 1
        }
        column += p - i
        i = p
    }

    static func isWordByte(_ b: UInt8) -> Bool { (b | 0x20) &- UInt8(ascii: "a") < 26 || b &- UInt8(ascii: "0") < 10 || b == UInt8(ascii: "_") }
    static func isDigitByte(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }

    /// Whether a value may stand here (after `=`, `(`, `,` or `[`), so `#abc` is a colour.
    var inCommand: Bool {
        guard let last = tokens.last, case .symbol(let c) = last.kind else { return false }
        return c == "=" || c == "(" || c == "," || c == "["
    }

    /// The text from byte `start` to `i`.
    func text(from start: Int) -> String { String(decoding: bytes[start..<i], as: UTF8.self) }

    /// Adds a token; `written` is its text when already made (a word's text is its name).
    mutating func emit(_ kind: Token.Kind, from start: SourceLocation, startIndex: Int, written: String? = nil) {
        tokens.append(Token(kind: kind, range: SourceRange(start, here), text: written ?? text(from: startIndex), spaceBefore: sawSpace))
        if sawSpace { runHasSlash = false }
        if case .symbol(let c) = kind, c == "/" { runHasSlash = true }
        sawSpace = false
    }

    /// Whether the run of text without spaces around `i` holds a `/`, so it is a file path
    /// (`/tmp/x-5WPtzP/a.lab`, `out/2024x/a.lab`) whose parts may start with digits.
    /// `slashAhead` remembers the `/` found, so scanning ahead costs O(length) in all.
    mutating func inFilePath() -> Bool {
        if runHasSlash && !sawSpace { return true }
        if i <= slashAhead { return true }
        var k = i
        while let c = char(at: k), !c.isWhitespace, !c.is("\"") {
            lookaheadSteps += 1
            if c.is("/") { slashAhead = k; return true }
            k += c.length
        }
        return false
    }

    mutating func run() throws(ScriptError) {
        try scan()
        try finish()
    }

    /// Ends the tokens once the text is lexed: refuses a bracket left open, adds `.end`.
    mutating func finish() throws(ScriptError) {
        if let open = openers.first { throw .unclosed(open.0, open.1) }
        tokens.append(Token(kind: .end, range: SourceRange(here, here), text: "", spaceBefore: sawSpace))
    }

    /// Lexes from `i` to the end of `bytes`. Each step starts at a token boundary, and a step
    /// that throws has not touched `tokens` or `openers`, so after a dangling `\` the lexer
    /// can be rewound to `resumePoint` and carry on once more text is appended.
    mutating func scan() throws(ScriptError) {
        while peek() != nil { try step() }
    }

    /// Lexes one step from `i` (not at the end): a token, a separator, or space or a comment
    /// skipped. Adds at most one token.
    mutating func step() throws(ScriptError) {
        let c = peek()!
        let start = here, startIndex = i
        resumePoint = (i, line, column, sawSpace, runHasSlash)
        if c.isNewline {
            advance(over: c)
            if bracketDepth == 0 {
                tokens.append(Token(kind: .separator, range: SourceRange(start, start), text: "\n", spaceBefore: sawSpace))
            } else if Lexer.startsCommand(bytes[i...]), let open = openers.last(where: { $0.0 != "{" }) {
                throw .cutShort(open.0, open.1)
            }
            sawSpace = true
        } else if c.isWhitespace {
            advance(over: c); sawSpace = true
        } else if c.is("\\") {
            advance(over: c)
            while let d = peek(), d.isWhitespace, !d.isNewline { advance(over: d) }
            guard let d = peek() else { throw .danglingBackslash(SourceRange(start, here)) }
            guard d.isNewline else {
                throw .invalid("'\\' continues a line only at its end", SourceRange(start, SourceLocation(line: start.line, column: start.column + 1)))
            }
            advance(over: d); sawSpace = true
        } else if c.is("#") {
            if inCommand, let hex = hexRun(after: c), [3, 4, 6, 8].contains(hex.count) {
                // Neither `#` nor hex digits are line breaks: one column each.
                column += 1 + hex.count
                i = hex.end
                emit(.hexColor(text(from: startIndex + c.length)), from: start, startIndex: startIndex)
            } else if inCommand, let d = char(at: i + c.length), d.isWordPart {
                // Where a value stands, `#` right before letters or digits is a colour, not a
                // comment: say what a colour takes rather than "expected a value".
                advance(over: c)
                wordRest()
                let written = text(from: startIndex)
                throw .invalid("'\(written)' is not a colour: a hex colour has 3, 4, 6 or 8 hex digits (0-9, a-f) after '#': #rgb, #rgba, #rrggbb or #rrggbbaa",
                               SourceRange(start, here))
            } else {
                while true {
                    skipASCII { $0 &- 10 >= 4 }  // anything but a line break
                    guard let d = peek(), !d.isNewline else { break }
                    advance(over: d)
                }
                sawSpace = true
            }
        } else if c.is(";") && bracketDepth == 0 {
            advance(over: c)
            tokens.append(Token(kind: .separator, range: SourceRange(start, here), text: ";", spaceBefore: sawSpace))
            sawSpace = true
        } else if c.is("\"") {
            try string()
        } else if c.isASCIIDigit || (c.is(".") && (peek(1)?.isASCIIDigit ?? false)) {
            try number()
        } else if c.isLetter || c.is("_") {
            wordRest()
            let word = text(from: startIndex)
            emit(.word(word), from: start, startIndex: startIndex, written: word)
        } else {
            advance(over: c)
            let range = SourceRange(start, here)
            let ch = c.character
            switch ch {
            case "(", "[", "{":
                openers.append((ch, range))
                if ch != "{" { bracketDepth += 1 }
            case ")", "]", "}":
                let want: Character = ch == ")" ? "(" : ch == "]" ? "[" : "{"
                guard let last = openers.last, last.0 == want else { throw .unbalanced(ch, range) }
                openers.removeLast()
                if ch != "}" { bracketDepth -= 1 }
            default: break
            }
            emit(.symbol(ch), from: start, startIndex: startIndex)
        }
    }

    /// Whether a line starts, at its first column, with a command word followed by a space or
    /// its end (`set icon …`): then it is a new command even inside a bracket left open, since
    /// a value continued over lines is indented or starts with a value, not a command.
    static func startsCommand(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first, (first | 0x20) &- UInt8(ascii: "a") < 26 else { return false }
        let word = line.prefix { isWordByte($0) }
        let after = line.dropFirst(word.count).first
        guard after == nil || after == UInt8(ascii: " ") || after == UInt8(ascii: "\t")
                || after == UInt8(ascii: "\n") || after == UInt8(ascii: "\r") else { return false }
        return CommandTable.indexByWord[String(decoding: word, as: UTF8.self)] != nil
    }

    /// Reads the rest of a word: letters, digits, `_`, and dots followed by one of those.
    mutating func wordRest() {
        while true {
            skipASCII(while: Lexer.isWordByte)
            guard let d = peek(), d.isWordPart || (d.is(".") && (peek(1)?.isWordPart ?? false)) else { return }
            advance(over: d)
        }
    }

    /// How many hex digits follow `#` (the character `hash` at `i`) and the byte offset after
    /// them, if they end where a word would.
    func hexRun(after hash: LexChar) -> (count: Int, end: Int)? {
        var p = i + hash.length, count = 0
        while let d = char(at: p), d.isHexDigit { p += d.length; count += 1 }
        if let d = char(at: p), d.isWordPart { return nil }
        return (count, p)
    }

    mutating func string() throws(ScriptError) {
        let start = here, startIndex = i
        advance(over: peek()!)
        var value: [UInt8] = []
        while true {
            guard let c = peek(), !c.isNewline else {
                throw .unterminatedString(SourceRange(start, here))
            }
            advance(over: c)
            if c.is("\"") { break }
            if c.is("\\") {
                let escStart = here
                guard let e = peek(), !e.isNewline else { throw .unterminatedString(SourceRange(start, here)) }
                advance(over: e)
                switch e.character {
                case "n": value.append(UInt8(ascii: "\n"))
                case "t": value.append(UInt8(ascii: "\t"))
                case "\"": value.append(UInt8(ascii: "\""))
                case "\\": value.append(UInt8(ascii: "\\"))
                case "u":
                    var hex = ""
                    if peek()?.is("{") == true {
                        advance(over: peek()!)
                        while let h = peek(), h.isHexDigit, hex.count < 8 { hex.append(h.character); advance(over: h) }
                        if let b = peek(), b.is("}") { advance(over: b) } else { hex = "" }
                    }
                    guard let v = UInt32(hex, radix: 16), let u = Unicode.Scalar(v) else {
                        throw .invalid("bad unicode escape (write \\u{1F600})", SourceRange(escStart, here))
                    }
                    UTF8.encode(u) { value.append($0) }
                default:
                    throw .invalid("unknown escape '\\\(e.character)' (use \\n, \\t, \\\", \\\\ or \\u{…})", SourceRange(
                        SourceLocation(line: escStart.line, column: escStart.column - 1), here))
                }
            } else {
                value.append(contentsOf: bytes[(i - c.length)..<i])
            }
        }
        emit(.string(String(decoding: value, as: UTF8.self)), from: start, startIndex: startIndex)
    }

    mutating func number() throws(ScriptError) {
        let start = here, startIndex = i
        let first = try digits()
        // `WxH`; the height may be negative (`0x-3`, as `inspect` prints a shadow offset).
        if let x = peek(), x.is("x"), let d = peek(1),
           d.isASCIIDigit || d.is(".") || (d.is("-") && (peek(2).map { $0.isASCIIDigit || $0.is(".") } ?? false)) {
            advance(over: x)
            var sign = 1.0
            if d.is("-") { advance(over: d); sign = -1 }
            let second = try digits()
            emit(.size(first, sign * second), from: start, startIndex: startIndex)
            return
        }
        var unit: String?
        if let c = peek(), c.isLetter {
            let unitStart = i
            while let d = peek(), d.isLetter { advance(over: d) }
            let u = text(from: unitStart)
            guard Lexer.isUnit(u) else {
                if inFilePath() {
                    // A folder or file name that starts with digits: one word of the path.
                    wordRest()
                    let word = text(from: startIndex)
                    emit(.word(word), from: start, startIndex: startIndex, written: word)
                    return
                }
                while let d = peek(), d.isWordPart { advance(over: d) }
                throw .unknownUnit(text(from: startIndex), SourceRange(start, here))
            }
            unit = u
        }
        emit(.number(first, unit: unit), from: start, startIndex: startIndex)
    }

    /// Steps over ASCII digits.
    mutating func skipDigits() {
        while true {
            skipASCII(while: Lexer.isDigitByte)
            guard let d = peek(), d.isASCIIDigit else { return }
            advance(over: d)
        }
    }

    /// Reads `12`, `1.5`, `.5`, `1e3` and returns the value; refuses overflow.
    mutating func digits() throws(ScriptError) -> Double {
        let start = here, startIndex = i
        skipDigits()
        if let dot = peek(), dot.is("."), let d = peek(1), d.isASCIIDigit {
            advance(over: dot)
            skipDigits()
        }
        var exponent = false
        if let e = peek(), e.is("e") || e.is("E") {
            var k = 1
            if let s = peek(1), s.is("+") || s.is("-") { k = 2 }
            if let d = peek(k), d.isASCIIDigit {
                for _ in 0..<k { advance(over: peek()!) }
                skipDigits()
                exponent = true
            }
        }
        if !exponent, let v = Lexer.shortDecimal(bytes[startIndex..<i]) { return v }
        guard let v = Double(text(from: startIndex)), v.isFinite else { throw .numberTooLarge(SourceRange(start, here)) }
        return v
    }

    /// The value of ASCII digits with at most one `.` through the core's `shortDecimal`
    /// (Clinger's fast path, as `strtod` rounds); nil for more than 15 significant digits.
    static func shortDecimal(_ text: ArraySlice<UInt8>) -> Double? {
        text.withUnsafeBufferPointer { LayerLabCore.shortDecimal($0) }
    }
}

/// A multi-line command lexed line by line, so feeding N lines costs O(total length) rather
/// than re-lexing the whole text for every line.
package struct PendingLex: Sendable {
    /// How the text fed so far ends.
    package enum State: Equatable, Sendable { case complete, needsMore, failed }

    var lexer: Lexer
    /// How many lines have been fed.
    package private(set) var lineCount = 0
    package private(set) var state = State.complete
    /// Whether the text ends in a `\` that continues the line.
    var endsInBackslash = false

    package init() { lexer = Lexer("", firstLine: 1) }

    /// Adds a line (joined to the text so far by a newline) and lexes only the new part.
    /// `state` is then what `Lexer.needsMoreInput` says of the joined text.
    package mutating func feed(_ line: String) {
        lineCount += 1
        guard state != .failed else { return }
        if lineCount == 1 {
            lexer.bytes = Array(line.utf8)
        } else if lexer.bytes.last == UInt8(ascii: "\r") {
            // "\r" and the joining "\n" make one character ("\r\n"), so the "\r" lexed as a
            // line end of its own was wrong: start again from the joined text.
            var bytes = lexer.bytes
            bytes.append(UInt8(ascii: "\n"))
            bytes.append(contentsOf: line.utf8)
            lexer = Lexer(bytes: bytes, firstLine: 1)
        } else {
            lexer.bytes.append(UInt8(ascii: "\n"))
            lexer.bytes.append(contentsOf: line.utf8)
        }
        endsInBackslash = false
        do {
            try lexer.scan()
            state = lexer.openers.isEmpty ? .complete : .needsMore
        } catch {
            if case .danglingBackslash = error {
                (lexer.i, lexer.line, lexer.column, lexer.sawSpace, lexer.runHasSlash) = lexer.resumePoint
                state = .needsMore
                endsInBackslash = true
            } else {
                state = .failed
            }
        }
    }

    /// The innermost bracket still open (what `Lexer.innermostOpen` says of the joined text).
    package var innermostOpen: (bracket: Character, location: SourceLocation)? {
        guard state == .needsMore, !endsInBackslash, let last = lexer.openers.last else { return nil }
        return (last.0, last.1.start)
    }
}
