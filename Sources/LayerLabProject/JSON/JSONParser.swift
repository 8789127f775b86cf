import LayerLabCore

/// A strict JSON parser (RFC 8259) over UTF-8 bytes that tracks line, column and the JSON path
/// it is inside, so a syntax error in a hand-edited or truncated project says exactly where.
///
/// Hand-written rather than `JSONSerialization` because that reports byte offsets at best, loses
/// member order and number text, and silently accepts duplicate keys.
package struct JSONParser {
    /// Deeper nesting is refused rather than risking the stack; no real project comes close.
    package static let maxDepth = 256

    private let bytes: [UInt8]
    private var i = 0
    private var line = 1
    private var column = 1
    private var path = JSONPath()
    private var depth = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Parses one JSON document; a UTF-8 byte order mark is skipped.
    package static func parse(_ bytes: [UInt8]) throws(ProjectFileError) -> JSONNode {
        var p = JSONParser(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { p.i = 3 }
        p.skipSpace()
        if p.i == bytes.count { throw p.fail("the file is empty") }
        let root = try p.value()
        p.skipSpace()
        if p.i < bytes.count {
            throw p.fail("unexpected \(p.describeHere()) after the end of the JSON document")
        }
        return root
    }

    // MARK: - Values

    private mutating func value() throws(ProjectFileError) -> JSONNode {
        skipSpace()
        guard let b = peek() else { throw truncated("expected a value") }
        let start = here
        switch b {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return JSONNode(kind: .string(try string()), position: start)
        case UInt8(ascii: "t"): try literal("true"); return JSONNode(kind: .bool(true), position: start)
        case UInt8(ascii: "f"): try literal("false"); return JSONNode(kind: .bool(false), position: start)
        case UInt8(ascii: "n"): try literal("null"); return JSONNode(kind: .null, position: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(kind: .number(try number()), position: start)
        default:
            throw fail("expected a value, found \(describeHere())")
        }
    }

    private mutating func object() throws(ProjectFileError) -> JSONNode {
        let start = here
        try enter()
        advance() // {
        var members: [JSONMember] = []
        var seen: [String: SourcePosition] = [:]
        skipSpace()
        if peek() == UInt8(ascii: "}") { advance(); depth -= 1; return JSONNode(kind: .object([]), position: start) }
        while true {
            skipSpace()
            guard let b = peek() else { throw truncated("expected a key") }
            guard b == UInt8(ascii: "\"") else {
                if b == UInt8(ascii: "}"), !members.isEmpty { throw fail("a comma before '}' (trailing commas are not JSON)") }
                throw fail("expected a key in double quotes, found \(describeHere())")
            }
            let keyPosition = here
            let key = try string()
            if let first = seen[key] {
                throw ProjectFileError(.duplicateKey, at: keyPosition, path.appending(key),
                                       "duplicate key \(JSONValue.quoted(key)) (first at line \(first.line), column \(first.column))")
            }
            seen[key] = keyPosition
            skipSpace()
            guard let colon = peek() else { throw truncated("expected ':' after the key") }
            guard colon == UInt8(ascii: ":") else { throw fail("expected ':' after the key, found \(describeHere())") }
            advance()
            path.components.append(.key(key))
            let v = try value()
            path.components.removeLast()
            members.append(JSONMember(key: key, keyPosition: keyPosition, value: v))
            skipSpace()
            guard let next = peek() else { throw truncated("expected ',' or '}'") }
            advance()
            if next == UInt8(ascii: "}") { break }
            if next != UInt8(ascii: ",") { retreat(); throw fail("expected ',' or '}', found \(describeHere())") }
        }
        depth -= 1
        return JSONNode(kind: .object(members), position: start)
    }

    private mutating func array() throws(ProjectFileError) -> JSONNode {
        let start = here
        try enter()
        advance() // [
        var items: [JSONNode] = []
        skipSpace()
        if peek() == UInt8(ascii: "]") { advance(); depth -= 1; return JSONNode(kind: .array([]), position: start) }
        while true {
            skipSpace()
            if peek() == UInt8(ascii: "]") { throw fail("a comma before ']' (trailing commas are not JSON)") }
            path.components.append(.index(items.count))
            let v = try value()
            path.components.removeLast()
            items.append(v)
            skipSpace()
            guard let next = peek() else { throw truncated("expected ',' or ']'") }
            advance()
            if next == UInt8(ascii: "]") { break }
            if next != UInt8(ascii: ",") { retreat(); throw fail("expected ',' or ']', found \(describeHere())") }
        }
        depth -= 1
        return JSONNode(kind: .array(items), position: start)
    }

    private mutating func enter() throws(ProjectFileError) {
        depth += 1
        if depth > JSONParser.maxDepth { throw fail("nested more than \(JSONParser.maxDepth) levels deep") }
    }

    private mutating func literal(_ word: String) throws(ProjectFileError) {
        for expected in word.utf8 {
            guard let b = peek() else { throw truncated("expected '\(word)'") }
            guard b == expected else { throw fail("expected '\(word)', found \(describeHere())") }
            advance()
        }
    }

    // MARK: - Strings and numbers

    private mutating func string() throws(ProjectFileError) -> String {
        let start = here
        advance() // opening quote
        var out: [UInt8] = []
        while true {
            guard let b = peek() else { throw truncated("a string that is never closed (it starts at line \(start.line), column \(start.column))") }
            if b == UInt8(ascii: "\"") { advance(); break }
            if b < 0x20 {
                throw fail(b == 0x0A ? "a line break inside a string (write it as \\n)"
                                     : "a control character inside a string (write it as \\u\(hex4(UInt16(b))))")
            }
            if b != UInt8(ascii: "\\") { out.append(b); advance(); continue }
            advance()
            guard let e = peek() else { throw truncated("expected an escape after '\\'") }
            let simple: [UInt8: UInt8] = [0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C,
                                          0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]
            if let s = simple[e] { out.append(s); advance(); continue }
            guard e == UInt8(ascii: "u") else { throw fail("unknown escape '\\\(describeHere(quoted: false))' in a string") }
            advance()
            var scalar = UInt32(try hexQuad())
            if (0xD800...0xDBFF).contains(scalar) {
                guard peek() == UInt8(ascii: "\\"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "u") else {
                    throw fail("a lone UTF-16 surrogate in a \\u escape")
                }
                advance(); advance()
                let low = UInt32(try hexQuad())
                guard (0xDC00...0xDFFF).contains(low) else { throw fail("a lone UTF-16 surrogate in a \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw fail("a lone UTF-16 surrogate in a \\u escape")
            }
            out.append(contentsOf: Array(String(Unicode.Scalar(scalar)!).utf8))
        }
        guard let s = String(validating: out, as: UTF8.self) else {
            throw ProjectFileError(.invalidJSON, at: start, path, "the string is not valid UTF-8 text")
        }
        return s
    }

    private mutating func hexQuad() throws(ProjectFileError) -> UInt16 {
        var v: UInt16 = 0
        for _ in 0..<4 {
            guard let b = peek() else { throw truncated("expected four hex digits after \\u") }
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: throw fail("expected four hex digits after \\u, found \(describeHere())")
            }
            v = v << 4 | UInt16(d)
            advance()
        }
        return v
    }

    /// The number's text, checked against JSON's grammar: `-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`.
    private mutating func number() throws(ProjectFileError) -> String {
        let from = i
        if peek() == UInt8(ascii: "-") { advance() }
        guard let first = peek(), isDigit(first) else {
            if peek() == nil { throw truncated("expected a digit") }
            throw fail("expected a digit, found \(describeHere())")
        }
        advance()
        if first == UInt8(ascii: "0"), let b = peek(), isDigit(b) { throw fail("a number may not start with 0") }
        digits()
        if peek() == UInt8(ascii: ".") {
            advance()
            try requireDigit(after: "'.'")
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            advance()
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { advance() }
            try requireDigit(after: "the exponent")
        }
        return String(decoding: bytes[from..<i], as: UTF8.self)
    }

    private mutating func requireDigit(after what: String) throws(ProjectFileError) {
        guard let b = peek() else { throw truncated("expected a digit after \(what)") }
        guard isDigit(b) else { throw fail("expected a digit after \(what), found \(describeHere())") }
        digits()
    }

    private mutating func digits() { while let b = peek(), isDigit(b) { advance() } }
    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    // MARK: - Cursor

    private var here: SourcePosition { SourcePosition(line: line, column: column) }
    private func peek() -> UInt8? { i < bytes.count ? bytes[i] : nil }

    private mutating func advance() {
        let b = bytes[i]
        i += 1
        if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
    }

    /// Steps back over one ASCII byte on the same line (used after peeking a delimiter).
    private mutating func retreat() { i -= 1; column -= 1 }

    private mutating func skipSpace() {
        while let b = peek(), b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { advance() }
    }

    /// The character at the cursor, for "found …".
    private func describeHere(quoted: Bool = true) -> String {
        guard i < bytes.count else { return "the end of the file" }
        let b = bytes[i]
        if b >= 0x21 && b < 0x7F {
            let c = String(UnicodeScalar(b))
            return quoted ? "'\(c)'" : c
        }
        if b < 0x80 { return "the control character \\u\(hex4(UInt16(b)))" }
        var end = i + 1
        while end < bytes.count, end < i + 4, bytes[end] & 0xC0 == 0x80 { end += 1 }
        if let s = String(validating: bytes[i..<end], as: UTF8.self) { return quoted ? "'\(s)'" : s }
        return "a byte that is not UTF-8 text"
    }

    private func hex4(_ v: UInt16) -> String {
        let h = String(v, radix: 16)
        return String(repeating: "0", count: 4 - h.count) + h
    }

    private func fail(_ message: String) -> ProjectFileError {
        ProjectFileError(.invalidJSON, at: here, path, "invalid JSON: " + message)
    }

    private func truncated(_ message: String) -> ProjectFileError {
        ProjectFileError(.invalidJSON, at: here, path, "the file ends too early (truncated?): " + message)
    }
}
