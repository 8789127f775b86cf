/// The text of time expressions, one printer and one parser: `wobble.end + 0.1`, `-(spin.begin)`,
/// `` `fade in`.end ``, `after spin`.
///
/// The printer writes the canonical form: the fewest parentheses that give the same tree back,
/// a negative literal as `-1` but a negated literal as `-(1)` (two trees, two texts), and a name
/// that is not a plain dotted identifier in backquotes (a backquote inside doubled). Numbers are
/// written in a `NumberStyle`: rounded for `inspect` and messages, every bit for saved scripts
/// and project files. `TimeExpr(parsing:)` reads that text (and `after NAME`, the same as
/// `NAME.end`) back: `TimeExpr(parsing: e.text(.exact)) == e` for every expression.
///
/// The command language reads times inside its own value grammar (units such as `300ms`,
/// constants folded, names checked against the document), and reads this printer's text to the
/// same tree wherever it can state that tree (`ScriptWriter` relies on it; the tests check it).
extension TimeExpr {
    /// The canonical text, numbers written in `numbers` style.
    package func text(_ numbers: NumberStyle) -> String {
        var out = ""
        write(to: &out, numbers, precedence: 0)
        return out
    }

    /// Precedence: 0 anywhere, 1 a left operand of `+`/`-`, 2 a right one or an operand of
    /// `*`/`/` on the left, 3 a right operand of `*`/`/` or a negated operand.
    private func write(to out: inout String, _ numbers: NumberStyle, precedence: Int) {
        switch self {
        case .number(let v): out += numbers.text(v)
        case .begin(let n): TimeExpr.writeName(n, to: &out); out += ".begin"
        case .end(let n): TimeExpr.writeName(n, to: &out); out += ".end"
        case .add(let a, let b): binary(a, " + ", b, level: 1, &out, numbers, precedence)
        case .subtract(let a, let b): binary(a, " - ", b, level: 1, &out, numbers, precedence)
        case .multiply(let a, let b): binary(a, " * ", b, level: 2, &out, numbers, precedence)
        case .divide(let a, let b): binary(a, " / ", b, level: 2, &out, numbers, precedence)
        case .negate(let a):
            out += "-"
            // `-1` is the literal -1; the negation of the literal 1 keeps its parentheses.
            if case .number = a {
                out += "("
                a.write(to: &out, numbers, precedence: 0)
                out += ")"
            } else {
                a.write(to: &out, numbers, precedence: 3)
            }
        }
    }

    private func binary(_ a: TimeExpr, _ op: String, _ b: TimeExpr, level: Int,
                        _ out: inout String, _ numbers: NumberStyle, _ precedence: Int) {
        let wrap = level < precedence
        if wrap { out += "(" }
        a.write(to: &out, numbers, precedence: level)
        out += op
        b.write(to: &out, numbers, precedence: level + 1)
        if wrap { out += ")" }
    }

    /// `n` as it is, or in backquotes when it is not a plain name.
    static func writeName(_ n: String, to out: inout String) {
        guard !isPlainName(n) else { out += n; return }
        out += "`"
        for c in n.unicodeScalars {
            if c == "`" { out += "``" } else { out.unicodeScalars.append(c) }
        }
        out += "`"
    }

    /// Whether `n` reads back unquoted before `.begin`/`.end`: dot-separated runs of letters,
    /// digits and `_`, the first starting with a letter or `_` (every name the editor allows).
    static func isPlainName(_ n: String) -> Bool {
        guard let first = n.unicodeScalars.first, TimeExprScanner.isLetter(first) else { return false }
        var segmentEmpty = true
        for c in n.unicodeScalars {
            if c == "." {
                if segmentEmpty { return false }
                segmentEmpty = true
            } else if TimeExprScanner.isNameScalar(c) {
                segmentEmpty = false
            } else {
                return false
            }
        }
        return !segmentEmpty
    }

    /// Reads printed (or hand-written) expression text; `after NAME` means `NAME.end`.
    /// - Throws: where (0-based, in Unicode scalars) and what the problem is.
    package init(parsing text: String) throws(TimeExprSyntaxError) {
        var p = TimeExprScanner(Array(text.unicodeScalars))
        let e = try p.expression()
        p.skipSpace()
        if p.i < p.s.count {
            throw TimeExprSyntaxError(offset: p.i, message: "unexpected '\(Character(p.s[p.i]))'")
        }
        self = e
    }
}

/// Why time expression text did not read, and where.
package struct TimeExprSyntaxError: Error, Equatable, Sendable {
    /// 0-based offset in the text's Unicode scalars.
    package var offset: Int
    package var message: String
}

/// Recursive descent: expression := term (± term)*, term := unary (*/ unary)*,
/// unary := -NUMBER | -unary | primary, primary := NUMBER | NAME.begin | NAME.end | after NAME | (expression).
struct TimeExprScanner {
    let s: [Unicode.Scalar]
    var i = 0
    /// Brackets and signs open: bounded so hostile text cannot exhaust the stack.
    var depth = 0
    static let maxDepth = 100
    init(_ s: [Unicode.Scalar]) { self.s = s }

    mutating func expression() throws(TimeExprSyntaxError) -> TimeExpr {
        try enter()
        defer { depth -= 1 }
        var left = try term()
        while true {
            skipSpace()
            guard i < s.count, s[i] == "+" || s[i] == "-" else { return left }
            let op = s[i]; i += 1
            let right = try term()
            left = op == "+" ? .add(left, right) : .subtract(left, right)
        }
    }

    mutating func term() throws(TimeExprSyntaxError) -> TimeExpr {
        var left = try unary()
        while true {
            skipSpace()
            guard i < s.count, s[i] == "*" || s[i] == "/" else { return left }
            let op = s[i]; i += 1
            let right = try unary()
            left = op == "*" ? .multiply(left, right) : .divide(left, right)
        }
    }

    mutating func unary() throws(TimeExprSyntaxError) -> TimeExpr {
        skipSpace()
        guard i < s.count, s[i] == "-" else { return try primary() }
        i += 1
        if let v = try numberLiteral() { return .number(-v) }
        try enter()
        defer { depth -= 1 }
        return .negate(try unary())
    }

    mutating func enter() throws(TimeExprSyntaxError) {
        depth += 1
        if depth > TimeExprScanner.maxDepth { throw TimeExprSyntaxError(offset: i, message: "nested too deeply") }
    }

    mutating func primary() throws(TimeExprSyntaxError) -> TimeExpr {
        skipSpace()
        guard i < s.count else { throw TimeExprSyntaxError(offset: i, message: "expected a number or a name") }
        if s[i] == "(" {
            let open = i
            i += 1
            let e = try expression()
            skipSpace()
            guard i < s.count, s[i] == ")" else {
                throw TimeExprSyntaxError(offset: open, message: "'(' is never closed")
            }
            i += 1
            return e
        }
        if let v = try numberLiteral() { return .number(v) }
        let start = i
        if s[i] == "`" {
            let n = try quotedName()
            var suffix = ""
            if i < s.count, s[i] == "." { i += 1; suffix = word() }
            if suffix == "begin" { return .begin(n) }
            if suffix == "end" { return .end(n) }
            throw TimeExprSyntaxError(offset: start, message: "expected .begin or .end after the name")
        }
        let token = word()
        guard !token.isEmpty else {
            throw TimeExprSyntaxError(offset: i, message: "expected a number or a name, found '\(Character(s[i]))'")
        }
        if token == "after" {
            skipSpace()
            let target = i < s.count && s[i] == "`" ? try quotedName() : word()
            guard !target.isEmpty else { throw TimeExprSyntaxError(offset: i, message: "expected a name after 'after'") }
            return .end(target)
        }
        if token.hasSuffix(".begin") { return .begin(String(token.dropLast(6))) }
        if token.hasSuffix(".end") { return .end(String(token.dropLast(4))) }
        throw TimeExprSyntaxError(offset: start, message: "expected \(token).begin or \(token).end")
    }

    /// A decimal number (with optional fraction and exponent), `inf` or `nan`; nil if none
    /// starts here (`info.end` and `inf.end` are names).
    mutating func numberLiteral() throws(TimeExprSyntaxError) -> Double? {
        guard i < s.count else { return nil }
        for word in ["inf", "nan"] {
            let w = Array(word.unicodeScalars)
            if s[i...].starts(with: w), !(s.indices.contains(i + 3) && (s[i + 3] == "." || TimeExprScanner.isNameScalar(s[i + 3]))) {
                i += 3
                return word == "inf" ? .infinity : .nan
            }
        }
        guard isDigit(s[i]) || (s[i] == "." && i + 1 < s.count && isDigit(s[i + 1])) else { return nil }
        let start = i
        while i < s.count, isDigit(s[i]) { i += 1 }
        if i < s.count, s[i] == "." { i += 1; while i < s.count, isDigit(s[i]) { i += 1 } }
        if i < s.count, s[i] == "e" || s[i] == "E" {
            var j = i + 1
            if j < s.count, s[j] == "+" || s[j] == "-" { j += 1 }
            if j < s.count, isDigit(s[j]) {
                i = j
                while i < s.count, isDigit(s[i]) { i += 1 }
            }
        }
        guard let v = Double(String(String.UnicodeScalarView(s[start..<i]))), v.isFinite else {
            throw TimeExprSyntaxError(offset: start, message: "number out of range")
        }
        return v
    }

    /// A name in backquotes (a doubled backquote stands for one).
    mutating func quotedName() throws(TimeExprSyntaxError) -> String {
        let open = i
        i += 1
        var out = String.UnicodeScalarView()
        while true {
            guard i < s.count else { throw TimeExprSyntaxError(offset: open, message: "'`' is never closed") }
            if s[i] == "`" {
                if i + 1 < s.count, s[i + 1] == "`" { out.append("`"); i += 2; continue }
                i += 1
                return String(out)
            }
            out.append(s[i]); i += 1
        }
    }

    /// Letters, digits, `_` and dots: a plain name with its `.begin`/`.end`, or `after`.
    mutating func word() -> String {
        let start = i
        while i < s.count, TimeExprScanner.isNameScalar(s[i]) || s[i] == "." { i += 1 }
        return String(String.UnicodeScalarView(s[start..<i]))
    }

    static func isLetter(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_" }
    static func isNameScalar(_ c: Unicode.Scalar) -> Bool { isLetter(c) || ("0"..."9").contains(c) }
    func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }

    mutating func skipSpace() { while i < s.count, s[i] == " " || s[i] == "\t" { i += 1 } }
}
