/// One character of command text as the lexer reads it: a grapheme cluster (what Swift's
/// `Character` is), taken from the text's UTF-8 bytes.
///
/// Scripts are nearly all ASCII, and a single ASCII scalar is classified from its byte with no
/// Unicode tables (`ascii`). Anything else — non-ASCII, an ASCII letter with combining marks,
/// "\r\n" — is decoded as a `Character` (`other`) and classified by `Character`'s own
/// properties and equality, so both paths read the language exactly as the `Character`-based
/// lexer did (a Greek question mark is canonically a `;`, fullwidth hex digits are hex digits).
struct LexChar {
    /// The byte, when the character is a single ASCII scalar (`other` is nil).
    var ascii: UInt8
    /// Any other character.
    var other: Character?
    /// Its length in UTF-8 bytes.
    var length: Int

    @inline(__always)
    init(ascii: UInt8) { self.init(ascii: ascii, other: nil, length: 1) }

    init(ascii: UInt8, other: Character?, length: Int) { self.ascii = ascii; self.other = other; self.length = length }

    /// The character starting at byte `p` of `bytes` (valid UTF-8, `p` a character boundary).
    /// It is decoded from a window of bytes that grows until the character ends inside it: a
    /// cluster's end depends only on the scalars up to the one after it, so a character that
    /// ends before the window does is whole, and a long cluster costs time in its own length.
    init(decoding bytes: [UInt8], at p: Int) {
        var window = 15  // fits a small String: no allocation for ordinary characters
        while true {
            var end = min(bytes.count, p + window)
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end -= 1 }
            let c = String(decoding: bytes[p..<end], as: UTF8.self).first!
            let n = c.utf8.count
            if n < end - p || end == bytes.count {
                if n == 1 && bytes[p] < 0x80 { self.init(ascii: bytes[p]) } else { self.init(ascii: 0, other: c, length: n) }
                return
            }
            window *= 2
        }
    }

    /// The character itself.
    var character: Character { other ?? Character(Unicode.Scalar(ascii)) }

    /// Whether this is `s` (by `Character` equality, which is canonical equivalence).
    @inline(__always)
    func `is`(_ s: Unicode.Scalar) -> Bool {
        guard let c = other else { return UInt32(ascii) == s.value }
        return c == Character(s)
    }

    /// Line feed, vertical tab, form feed, carriage return (and "\r\n", NEL, U+2028, U+2029).
    var isNewline: Bool {
        guard let c = other else { return ascii &- 10 < 4 }
        return c.isNewline
    }

    /// Tab, the four line breaks above, space (and Unicode's other white space).
    var isWhitespace: Bool {
        guard let c = other else { return ascii == 32 || ascii &- 9 < 5 }
        return c.isWhitespace
    }

    var isLetter: Bool {
        guard let c = other else { return (ascii | 0x20) &- UInt8(ascii: "a") < 26 }
        return c.isLetter
    }

    var isNumber: Bool {
        guard let c = other else { return ascii &- UInt8(ascii: "0") < 10 }
        return c.isNumber
    }

    /// `0`–`9` (numbers take only ASCII digits).
    var isASCIIDigit: Bool {
        guard let c = other else { return ascii &- UInt8(ascii: "0") < 10 }
        return c.isASCII && c.isNumber
    }

    var isHexDigit: Bool {
        guard let c = other else { return ascii &- UInt8(ascii: "0") < 10 || (ascii | 0x20) &- UInt8(ascii: "a") < 6 }
        return c.isHexDigit
    }

    /// A letter, a digit or `_`: what a word continues with.
    var isWordPart: Bool { isLetter || isNumber || self.is("_") }
}
