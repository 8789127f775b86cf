import LayerLabCore

/// Time expressions as project text: `wobble.end + 0.1`, `-(spin.begin)`, `` `fade in`.end ``.
///
/// Core's `TimeExpr.description` rounds numbers to 6 decimals for display; a project needs every
/// bit back, and the exact same tree back, so this module has its own printer and parser:
/// numbers are printed in full, a negative literal is written `-1` while negating a literal is
/// written `-(1)`, and names that are not identifiers go in backquotes (a backquote inside is
/// doubled).
enum TimeExprText {
    static func print(_ e: TimeExpr) -> String { text(e, precedence: 0) }

    private static func text(_ e: TimeExpr, precedence: Int) -> String {
        func wrap(_ s: String, _ p: Int) -> String { p < precedence ? "(\(s))" : s }
        switch e {
        case .number(let v): return JSONWriter.numberText(v)
        case .begin(let n): return name(n) + ".begin"
        case .end(let n): return name(n) + ".end"
        case .add(let a, let b): return wrap("\(text(a, precedence: 1)) + \(text(b, precedence: 2))", 1)
        case .subtract(let a, let b): return wrap("\(text(a, precedence: 1)) - \(text(b, precedence: 2))", 1)
        case .multiply(let a, let b): return wrap("\(text(a, precedence: 2)) * \(text(b, precedence: 3))", 2)
        case .divide(let a, let b): return wrap("\(text(a, precedence: 2)) / \(text(b, precedence: 3))", 2)
        case .negate(let a):
            if case .number = a { return "-(" + text(a, precedence: 0) + ")" }
            return "-" + text(a, precedence: 3)
        }
    }

    static func name(_ n: String) -> String {
        isPlain(n) ? n : "`" + n.replacing("`", with: "``") + "`"
    }

    /// Names the editor allows print as they are (`fade`, `fade.2`); anything else is quoted.
    static func isPlain(_ n: String) -> Bool {
        guard let f = n.unicodeScalars.first, isLetter(f),
              !n.hasSuffix(".begin"), !n.hasSuffix(".end"), !["inf", "nan", "after"].contains(n) else { return false }
        return n.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { seg in
            !seg.isEmpty && seg.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) }
        }
    }

    static func isLetter(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_" }

    /// Parses printed (or hand-written) expression text; `after NAME` means `NAME.end`.
    /// - Throws: the 0-based scalar offset of the problem and a message.
    static func parse(_ s: String) throws(TimeExprTextError) -> TimeExpr {
        var p = TimeExprParser(Array(s.unicodeScalars))
        let e = try p.expression()
        p.skipSpace()
        if p.i < p.s.count { throw TimeExprTextError(offset: p.i, message: "unexpected '\(Character(p.s[p.i]))'") }
        return e
    }
}

struct TimeExprTextError: Error {
    var offset: Int
    var message: String
}

/// Recursive descent: expression := term (± term)*, term := unary (*/ unary)*,
/// unary := -NUMBER | -unary | primary, primary := NUMBER | NAME.begin | NAME.end | after NAME | (expression).
private struct TimeExprParser {
    let s: [Unicode.Scalar]
    var i = 0
    var depth = 0
    init(_ s: [Unicode.Scalar]) { self.s = s }

    mutating func expression() throws(TimeExprTextError) -> TimeExpr {
        depth += 1
        defer { depth -= 1 }
        if depth > 100 { throw TimeExprTextError(offset: i, message: "nested too deeply") }
        var left = try term()
        while true {
            skipSpace()
            guard i < s.count, s[i] == "+" || s[i] == "-" else { return left }
            let op = s[i]; i += 1
            let right = try term()
            left = op == "+" ? .add(left, right) : .subtract(left, right)
        }
    }

    mutating func term() throws(TimeExprTextError) -> TimeExpr {
        var left = try unary()
        while true {
            skipSpace()
            guard i < s.count, s[i] == "*" || s[i] == "/" else { return left }
            let op = s[i]; i += 1
            let right = try unary()
            left = op == "*" ? .multiply(left, right) : .divide(left, right)
        }
    }

    mutating func unary() throws(TimeExprTextError) -> TimeExpr {
        skipSpace()
        guard i < s.count, s[i] == "-" else { return try primary() }
        i += 1
        if let v = try numberLiteral() { return .number(-v) }
        depth += 1
        defer { depth -= 1 }
        if depth > 100 { throw TimeExprTextError(offset: i, message: "nested too deeply") }
        return .negate(try unary())
    }

    mutating func primary() throws(TimeExprTextError) -> TimeExpr {
        skipSpace()
        guard i < s.count else { throw TimeExprTextError(offset: i, message: "expected a number or a name") }
        if s[i] == "(" {
            let open = i
            i += 1
            let e = try expression()
            skipSpace()
            guard i < s.count, s[i] == ")" else {
                throw TimeExprTextError(offset: open, message: "'(' is never closed")
            }
            i += 1
            return e
        }
        if let v = try numberLiteral() { return .number(v) }
        let start = i
        if s[i] == "`" {
            let n = try quotedName()
            guard i < s.count, s[i] == "." else { throw TimeExprTextError(offset: start, message: "expected .begin or .end after the name") }
            i += 1
            let suffix = word()
            if suffix == "begin" { return .begin(n) }
            if suffix == "end" { return .end(n) }
            throw TimeExprTextError(offset: start, message: "expected .begin or .end after the name")
        }
        let token = word()
        guard !token.isEmpty else {
            throw TimeExprTextError(offset: i, message: "expected a number or a name, found '\(Character(s[i]))'")
        }
        if token == "after" {
            skipSpace()
            let target = i < s.count && s[i] == "`" ? try quotedName() : word()
            guard !target.isEmpty else { throw TimeExprTextError(offset: i, message: "expected a name after 'after'") }
            return .end(target)
        }
        if token.hasSuffix(".begin") { return .begin(String(token.dropLast(6))) }
        if token.hasSuffix(".end") { return .end(String(token.dropLast(4))) }
        throw TimeExprTextError(offset: start, message: "expected \(token).begin or \(token).end")
    }

    /// A decimal number (with optional fraction and exponent), `inf` or `nan`; nil if none starts here.
    mutating func numberLiteral() throws(TimeExprTextError) -> Double? {
        guard i < s.count else { return nil }
        for word in ["inf", "nan"] {
            let w = Array(word.unicodeScalars)
            if s[i...].starts(with: w), !(s.indices.contains(i + 3) && (s[i + 3] == "." || isNameScalar(s[i + 3]))) {
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
            throw TimeExprTextError(offset: start, message: "number out of range")
        }
        return v
    }

    /// A name in backquotes (a doubled backquote stands for one).
    mutating func quotedName() throws(TimeExprTextError) -> String {
        let open = i
        i += 1
        var out = String.UnicodeScalarView()
        while true {
            guard i < s.count else { throw TimeExprTextError(offset: open, message: "'`' is never closed") }
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
        while i < s.count, isNameScalar(s[i]) || s[i] == "." { i += 1 }
        return String(String.UnicodeScalarView(s[start..<i]))
    }

    func isNameScalar(_ c: Unicode.Scalar) -> Bool { TimeExprText.isLetter(c) || isDigit(c) }
    func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }

    mutating func skipSpace() { while i < s.count, s[i] == " " || s[i] == "\t" { i += 1 } }
}
