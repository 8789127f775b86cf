/// Finds `public`/`open` declaration modifiers in Swift source, skipping comments, string
/// literals (with their interpolations) and backticked names: the same rule as
/// `scripts/package-access --check`, written again here so the test needs no Python.
enum AccessModifierScanner {
    struct Finding: Equatable, CustomStringConvertible {
        var line: Int
        var word: String
        var description: String { "\(line): `\(word)`" }
    }

    /// Words that may follow the `open` modifier; `open` is otherwise an ordinary name
    /// (`open(path, flags)`, `session.open(file)`).
    static let declarationWords: Set<String> = [
        "class", "func", "var", "let", "subscript", "init", "typealias", "struct", "enum", "protocol",
        "extension", "actor", "override", "static", "final", "dynamic", "convenience", "required",
        "nonisolated", "lazy", "weak", "unowned", "mutating", "nonmutating", "indirect", "private",
        "fileprivate", "internal", "public", "package", "open", "isolated", "distributed",
        "consuming", "borrowing", "import",
    ]

    private static let publicWord = Array("public".utf8), openWord = Array("open".utf8)

    static func findings(in source: String) -> [Finding] {
        var lexer = CodeLexer(bytes: Array(source.utf8))
        lexer.scanCode(untilParen: false)
        let b = lexer.bytes
        var found: [Finding] = []
        for range in lexer.code {
            var i = range.lowerBound
            while i < range.upperBound {
                guard isIdent(b[i]), i == 0 || !(isIdent(b[i - 1]) || "$#@".utf8.contains(b[i - 1])) else {
                    i += 1
                    continue
                }
                var end = i
                while end < range.upperBound, isIdent(b[end]) { end += 1 }
                let candidate = b[i..<end]
                if candidate.elementsEqual(publicWord) || candidate.elementsEqual(openWord),
                   case let word = String(decoding: candidate, as: UTF8.self),
                   isModifier(word, before: b[range.lowerBound..<i], after: b[end..<b.count]) {
                    found.append(Finding(line: b[..<i].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }, word: word))
                }
                i = end
            }
        }
        return found
    }

    private static func isModifier(_ word: String, before: ArraySlice<UInt8>, after: ArraySlice<UInt8>) -> Bool {
        let prior = before.reversed().drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A }
        if prior.first == UInt8(ascii: ".") { return false }
        guard word == "open" else { return true }
        let previousWord = String(decoding: prior.prefix(while: isIdent).reversed(), as: UTF8.self)
        if ["func", "case", "let", "var"].contains(previousWord) { return false }
        let rest = after.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A }
        guard rest.count < after.count, let first = rest.first else { return false }
        if first == UInt8(ascii: "@") { return true }
        return declarationWords.contains(String(decoding: rest.prefix(while: isIdent), as: UTF8.self))
    }

    static func isIdent(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F
    }
}

/// Splits Swift source into the byte ranges that are code.
private struct CodeLexer {
    let bytes: [UInt8]
    var i = 0
    var code: [Range<Int>] = []

    private static let lineComment = Array("//".utf8), blockOpen = Array("/*".utf8), blockClose = Array("*/".utf8)
    private static let tripleQuote = Array("\"\"\"".utf8)

    private func starts(_ u: [UInt8]) -> Bool {
        guard i + u.count <= bytes.count else { return false }
        for k in 0..<u.count where bytes[i + k] != u[k] { return false }
        return true
    }

    private func hashesThenQuote() -> Bool {
        var k = i
        while k < bytes.count, bytes[k] == UInt8(ascii: "#") { k += 1 }
        return k > i && k < bytes.count && bytes[k] == UInt8(ascii: "\"")
    }

    /// Scans code from `i`; with `untilParen`, returns after the `)` that closes an interpolation.
    mutating func scanCode(untilParen: Bool) {
        var start = i
        var depth = 0
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "/"), starts(Self.lineComment) {
                code.append(start..<i)
                while i < bytes.count, bytes[i] != 0x0A { i += 1 }
                start = i
            } else if c == UInt8(ascii: "/"), starts(Self.blockOpen) {
                code.append(start..<i)
                var level = 1
                i += 2
                while i < bytes.count, level > 0 {
                    if starts(Self.blockOpen) { level += 1; i += 2 } else if starts(Self.blockClose) { level -= 1; i += 2 } else { i += 1 }
                }
                start = i
            } else if c == UInt8(ascii: "`") {
                code.append(start..<i)
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "`") { i += 1 }
                i = min(i + 1, bytes.count)
                start = i
            } else if c == UInt8(ascii: "\"") || hashesThenQuote() {
                code.append(start..<i)
                skipString()
                start = i
            } else if untilParen, c == UInt8(ascii: "(") {
                depth += 1
                i += 1
            } else if untilParen, c == UInt8(ascii: ")") {
                if depth == 0 {
                    code.append(start..<i)
                    i += 1
                    return
                }
                depth -= 1
                i += 1
            } else {
                i += 1
            }
        }
        code.append(start..<bytes.count)
    }

    /// Skips the string literal at `i`, scanning its interpolations as code.
    private mutating func skipString() {
        var hashes = 0
        while bytes[i] == UInt8(ascii: "#") { hashes += 1; i += 1 }
        let multi = starts(Self.tripleQuote)
        i += multi ? 3 : 1
        let close = Array(((multi ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)).utf8)
        let escape = Array(("\\" + String(repeating: "#", count: hashes)).utf8)
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "\\"), starts(escape) {
                let k = i + escape.count
                if k < bytes.count, bytes[k] == UInt8(ascii: "(") {
                    i = k + 1
                    scanCode(untilParen: true)
                } else {
                    i = k + 1
                }
            } else if bytes[i] == UInt8(ascii: "\""), starts(close) {
                i += close.count
                return
            } else if bytes[i] == 0x0A, !multi {
                return  // unterminated: stop at the line's end
            } else {
                i += 1
            }
        }
    }
}
