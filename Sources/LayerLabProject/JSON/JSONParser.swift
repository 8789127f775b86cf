import LayerLabCore

/// A strict JSON parser (RFC 8259) over UTF-8 bytes that tracks line, column and the JSON path
/// it is inside, so a syntax error in a hand-edited or truncated project says exactly where.
///
/// Hand-written rather than `JSONSerialization` because that reports byte offsets at best, loses
/// member order and number text, and silently accepts duplicate keys.
///
/// Opening a file is mostly this parse, so the common case is kept cheap: a column is worked
/// out from the byte offset (only strings hold multi-byte characters, so only they adjust it),
/// the JSON path is assembled only for an error (each container adds its component as the
/// failure passes out), strings without escapes are made straight from the bytes, and
/// containers' values are moved, not copied, into their arrays.
package struct JSONParser {
    /// Deeper nesting is refused rather than risking the stack; no real project comes close.
    package static let maxDepth = 256

    /// Objects up to this many members look for a duplicate key by scanning them, which is
    /// cheaper than hashing every key; larger ones keep a dictionary.
    private static let scannedKeys = 16

    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0
    private var depth = 0
    private var line = 1
    /// Where the current line starts.
    private var lineStart = 0
    /// UTF-8 continuation bytes in the strings read so far on this line: a column counts
    /// Unicode scalars, so these are the bytes that do not add one.
    private var continuationBytes = 0
    /// Members and items of the containers being read, innermost last: each container takes an
    /// exactly sized array of its own at the end instead of growing one.
    private var members = Pending<JSONMember>()
    private var items = Pending<JSONNode>()

    /// A parse error before its path is known.
    private struct Failure: Error {
        var kind: ProjectFileError.Kind = .invalidJSON
        var position: SourcePosition
        /// Innermost component first.
        var reversedPath: [JSONPath.Component] = []
        var message: String

        /// The failure as seen from the container holding the value it is in.
        func inside(_ component: JSONPath.Component) -> Failure {
            var f = self
            f.reversedPath.append(component)
            return f
        }
    }

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Parses one JSON document; a UTF-8 byte order mark is skipped.
    package static func parse(_ bytes: [UInt8]) throws(ProjectFileError) -> JSONNode {
        let result = bytes.withUnsafeBufferPointer { buffer -> Result<JSONNode, Failure> in
            var p = JSONParser(buffer)
            defer { p.members.free(); p.items.free() }
            do throws(Failure) { return .success(try p.document()) } catch { return .failure(error) }
        }
        switch result {
        case .success(let root): return root
        case .failure(let f):
            throw ProjectFileError(f.kind, at: f.position, JSONPath(components: f.reversedPath.reversed()), f.message)
        }
    }

    private mutating func document() throws(Failure) -> JSONNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3; lineStart = 3 }
        skipSpace()
        if i == bytes.count { throw fail("the file is empty") }
        let root = try value()
        skipSpace()
        if i < bytes.count {
            throw fail("unexpected \(describeHere()) after the end of the JSON document")
        }
        return root
    }

    // MARK: - Values

    private mutating func value() throws(Failure) -> JSONNode {
        skipSpace()
        guard let b = peek() else { throw truncated("expected a value") }
        let start = here()
        switch b {
        case UInt8(ascii: "{"): return try object(start)
        case UInt8(ascii: "["): return try array(start)
        case UInt8(ascii: "\""): return JSONNode(kind: .string(try string(start)), position: start)
        case UInt8(ascii: "t"): try literal("true"); return JSONNode(kind: .bool(true), position: start)
        case UInt8(ascii: "f"): try literal("false"); return JSONNode(kind: .bool(false), position: start)
        case UInt8(ascii: "n"): try literal("null"); return JSONNode(kind: .null, position: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(kind: .number(try number()), position: start)
        default:
            throw fail("expected a value, found \(describeHere())")
        }
    }

    private mutating func object(_ start: SourcePosition) throws(Failure) -> JSONNode {
        try enter()
        i += 1 // {
        skipSpace()
        if peek() == UInt8(ascii: "}") { i += 1; depth -= 1; return JSONNode(kind: .object([]), position: start) }
        let base = members.count
        var seen: [String: SourcePosition]? = nil
        while true {
            skipSpace()
            guard let b = peek() else { throw truncated("expected a key") }
            guard b == UInt8(ascii: "\"") else {
                if b == UInt8(ascii: "}"), members.count > base { throw fail("a comma before '}' (trailing commas are not JSON)") }
                throw fail("expected a key in double quotes, found \(describeHere())")
            }
            let keyPosition = here()
            let key = try string(keyPosition)
            let fingerprint = JSONMember.fingerprint(key)
            if let first = firstPosition(of: key, fingerprint, at: keyPosition, from: base, seen: &seen) {
                throw Failure(kind: .duplicateKey, position: keyPosition, reversedPath: [.key(key)],
                              message: "duplicate key \(JSONValue.quoted(key)) (first at line \(first.line), column \(first.column))")
            }
            skipSpace()
            guard let colon = peek() else { throw truncated("expected ':' after the key") }
            guard colon == UInt8(ascii: ":") else { throw fail("expected ':' after the key, found \(describeHere())") }
            i += 1
            let v: JSONNode
            do { v = try value() } catch { throw error.inside(.key(key)) }
            members.append(JSONMember(key: key, keyPosition: keyPosition, value: v, keyFingerprint: fingerprint))
            skipSpace()
            guard let next = peek() else { throw truncated("expected ',' or '}'") }
            i += 1
            if next == UInt8(ascii: "}") { break }
            if next != UInt8(ascii: ",") { i -= 1; throw fail("expected ',' or '}', found \(describeHere())") }
        }
        depth -= 1
        return JSONNode(kind: .object(members.take(from: base)), position: start)
    }

    /// Where `key` first appears among the members read since `base`, or nil (and it is noted).
    private func firstPosition(of key: String, _ fingerprint: UInt64, at position: SourcePosition, from base: Int,
                               seen: inout [String: SourcePosition]?) -> SourcePosition? {
        if seen == nil {
            if members.count - base < JSONParser.scannedKeys {
                return members.firstPosition(of: key, fingerprint, from: base)
            }
            var all: [String: SourcePosition] = [:]
            members.forEach(from: base) { all[$0.key] = $0.keyPosition }
            seen = all
        }
        if let first = seen?[key] { return first }
        seen?[key] = position
        return nil
    }

    private mutating func array(_ start: SourcePosition) throws(Failure) -> JSONNode {
        try enter()
        i += 1 // [
        skipSpace()
        if peek() == UInt8(ascii: "]") { i += 1; depth -= 1; return JSONNode(kind: .array([]), position: start) }
        let base = items.count
        while true {
            skipSpace()
            if peek() == UInt8(ascii: "]") { throw fail("a comma before ']' (trailing commas are not JSON)") }
            let index = items.count - base
            let v: JSONNode
            do { v = try value() } catch { throw error.inside(.index(index)) }
            items.append(v)
            skipSpace()
            guard let next = peek() else { throw truncated("expected ',' or ']'") }
            i += 1
            if next == UInt8(ascii: "]") { break }
            if next != UInt8(ascii: ",") { i -= 1; throw fail("expected ',' or ']', found \(describeHere())") }
        }
        depth -= 1
        return JSONNode(kind: .array(items.take(from: base)), position: start)
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > JSONParser.maxDepth { throw fail("nested more than \(JSONParser.maxDepth) levels deep") }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for e in expected {
            guard let b = peek() else { throw truncated("expected '\(word)'") }
            guard b == e else { throw fail("expected '\(word)', found \(describeHere())") }
            i += 1
        }
    }

    // MARK: - Strings and numbers

    /// The string whose opening quote is at the cursor (`start`).
    private mutating func string(_ start: SourcePosition) throws(Failure) -> String {
        i += 1 // opening quote
        let from = i
        var high: UInt8 = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let text = UnsafeBufferPointer(rebasing: bytes[from..<i])
                i += 1
                // ASCII needs no validation.
                if high < 0x80 { return String(decoding: text, as: UTF8.self) }
                countContinuationBytes(text)
                guard let s = String(validating: text, as: UTF8.self) else { throw notUTF8(start) }
                return s
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { break }
            high |= b
            i += 1
        }
        return try escapedString(start, from: from)
    }

    /// The rest of a string that holds an escape (or a control character, or ends early):
    /// `from` is its first byte, the cursor is where the plain scan stopped.
    private mutating func escapedString(_ start: SourcePosition, from: Int) throws(Failure) -> String {
        var out = Array(bytes[from..<i])
        while true {
            guard let b = peek() else { throw truncated("a string that is never closed (it starts at line \(start.line), column \(start.column))") }
            if b == UInt8(ascii: "\"") {
                countContinuationBytes(UnsafeBufferPointer(rebasing: bytes[from..<i]))
                i += 1
                break
            }
            if b < 0x20 {
                throw fail(b == 0x0A ? "a line break inside a string (write it as \\n)"
                                     : "a control character inside a string (write it as \\u\(hex4(UInt16(b))))")
            }
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            i += 1
            guard let e = peek() else { throw truncated("expected an escape after '\\'") }
            if let s = JSONParser.unescaped(e) { out.append(s); i += 1; continue }
            guard e == UInt8(ascii: "u") else { throw fail("unknown escape '\\\(describeHere(quoted: false))' in a string") }
            i += 1
            var scalar = UInt32(try hexQuad())
            if (0xD800...0xDBFF).contains(scalar) {
                guard peek() == UInt8(ascii: "\\"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "u") else {
                    throw fail("a lone UTF-16 surrogate in a \\u escape")
                }
                i += 2
                let low = UInt32(try hexQuad())
                guard (0xDC00...0xDFFF).contains(low) else { throw fail("a lone UTF-16 surrogate in a \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw fail("a lone UTF-16 surrogate in a \\u escape")
            }
            out.append(contentsOf: Array(String(Unicode.Scalar(scalar)!).utf8))
        }
        guard let s = String(validating: out, as: UTF8.self) else { throw notUTF8(start) }
        return s
    }

    /// The byte a one-letter escape stands for (`\n` → 0x0A), or nil.
    private static func unescaped(_ e: UInt8) -> UInt8? {
        switch e {
        case 0x22, 0x5C, 0x2F: return e
        case 0x62: return 0x08
        case 0x66: return 0x0C
        case 0x6E: return 0x0A
        case 0x72: return 0x0D
        case 0x74: return 0x09
        default: return nil
        }
    }

    private func notUTF8(_ start: SourcePosition) -> Failure {
        Failure(position: start, message: "the string is not valid UTF-8 text")
    }

    private mutating func hexQuad() throws(Failure) -> UInt16 {
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
            i += 1
        }
        return v
    }

    /// The number's text, checked against JSON's grammar: `-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`.
    private mutating func number() throws(Failure) -> String {
        let from = i
        if peek() == UInt8(ascii: "-") { i += 1 }
        guard let first = peek(), isDigit(first) else {
            if peek() == nil { throw truncated("expected a digit") }
            throw fail("expected a digit, found \(describeHere())")
        }
        i += 1
        if first == UInt8(ascii: "0"), let b = peek(), isDigit(b) { throw fail("a number may not start with 0") }
        digits()
        if peek() == UInt8(ascii: ".") {
            i += 1
            try requireDigit(after: "'.'")
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            i += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { i += 1 }
            try requireDigit(after: "the exponent")
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<i]), as: UTF8.self)
    }

    private mutating func requireDigit(after what: String) throws(Failure) {
        guard let b = peek() else { throw truncated("expected a digit after \(what)") }
        guard isDigit(b) else { throw fail("expected a digit after \(what), found \(describeHere())") }
        digits()
    }

    private mutating func digits() { while i < bytes.count, isDigit(bytes[i]) { i += 1 } }
    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    // MARK: - Cursor

    /// The cursor's line and column, between tokens. Columns count Unicode scalars: every byte
    /// but UTF-8 continuation bytes, and outside strings there are none.
    private func here() -> SourcePosition {
        SourcePosition(line: line, column: i - lineStart + 1 - continuationBytes)
    }

    /// The cursor's line and column anywhere, counting the line's bytes (for errors, which may
    /// stop inside a string or at a stray byte).
    private func exactHere() -> SourcePosition {
        var column = 1
        for k in lineStart..<i where bytes[k] & 0xC0 != 0x80 { column += 1 }
        return SourcePosition(line: line, column: column)
    }

    private mutating func countContinuationBytes(_ text: UnsafeBufferPointer<UInt8>) {
        for b in text where b & 0xC0 == 0x80 { continuationBytes += 1 }
    }

    private func peek() -> UInt8? { i < bytes.count ? bytes[i] : nil }

    /// Line breaks are only valid between tokens, so this is the one place that counts lines.
    private mutating func skipSpace() {
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x20 || b == 0x09 || b == 0x0D {
                i += 1
            } else if b == 0x0A {
                i += 1
                line += 1
                lineStart = i
                continuationBytes = 0
            } else {
                return
            }
        }
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

    private func fail(_ message: String) -> Failure {
        Failure(position: exactHere(), message: "invalid JSON: " + message)
    }

    private func truncated(_ message: String) -> Failure {
        Failure(position: exactHere(), message: "the file ends too early (truncated?): " + message)
    }
}

/// A stack of values whose container is still being read. Unlike an `Array`, it hands a finished
/// container's values over by moving them, without retaining and releasing each one.
private struct Pending<Element> {
    private var storage = UnsafeMutablePointer<Element>.allocate(capacity: 64)
    private var capacity = 64
    private(set) var count = 0

    mutating func append(_ element: consuming Element) {
        if count == capacity {
            let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: storage, count: count)
            storage.deallocate()
            storage = grown
            capacity *= 2
        }
        (storage + count).initialize(to: element)
        count += 1
    }

    /// The values from `base` up, moved into an array of their own.
    mutating func take(from base: Int) -> [Element] {
        let n = count - base
        guard n > 0 else { return [] }
        // Not `Array(unsafeUninitializedCapacity:)`: it is not specialized, and looking up the
        // array's type at run time cost more than the moves.
        var out: [Element] = []
        out.reserveCapacity(n)
        for k in base..<count { out.append((storage + k).move()) }
        count = base
        return out
    }

    func forEach(from base: Int, _ body: (Element) -> Void) {
        for k in base..<count { body(storage[k]) }
    }

    /// Releases what is left (after an error) and the storage; the stack is not used again.
    func free() {
        storage.deinitialize(count: count)
        storage.deallocate()
    }
}

extension Pending<JSONMember> {
    func firstPosition(of key: String, _ fingerprint: UInt64, from base: Int) -> SourcePosition? {
        for k in base..<count where storage[k].keyFingerprint == fingerprint && storage[k].key == key {
            return storage[k].keyPosition
        }
        return nil
    }
}
