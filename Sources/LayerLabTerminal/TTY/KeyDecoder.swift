/// A key press during playback.
package enum Key: Hashable, Sendable {
    case character(Character)
    case left, right, up, down
    case home, end
    case escape
    case interrupt          // Ctrl-C (0x03) in raw mode
    case endOfInput         // Ctrl-D
    case other
}

/// Turns raw terminal input into keys: printable characters, arrows and Home/End (CSI, SS3
/// and VT forms),
/// a lone Escape, Ctrl-C. Pure, so the bytes of a burst of input can be tested.
package enum KeyDecoder {
    /// The keys in `bytes`; an escape sequence cut off at the end is read as Escape.
    package static func decode(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case 0x1B:
                if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") || bytes[i + 1] == UInt8(ascii: "O") {
                    // CSI or SS3: parameters, then a final byte in 0x40…0x7E.
                    var j = i + 2
                    while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
                    guard j < bytes.count else { keys.append(.escape); i = bytes.count; continue }
                    switch bytes[j] {
                    case UInt8(ascii: "A"): keys.append(.up)
                    case UInt8(ascii: "B"): keys.append(.down)
                    case UInt8(ascii: "C"): keys.append(.right)
                    case UInt8(ascii: "D"): keys.append(.left)
                    case UInt8(ascii: "H"): keys.append(.home)
                    case UInt8(ascii: "F"): keys.append(.end)
                    case UInt8(ascii: "~"):
                        // VT forms: 1~ and 7~ Home, 4~ and 8~ End.
                        switch String(decoding: bytes[(i + 2)..<j], as: UTF8.self) {
                        case "1", "7": keys.append(.home)
                        case "4", "8": keys.append(.end)
                        default: keys.append(.other)
                        }
                    default: keys.append(.other)
                    }
                    i = j + 1
                } else {
                    keys.append(.escape)
                    i += 1
                }
            case 0x03: keys.append(.interrupt); i += 1
            case 0x04: keys.append(.endOfInput); i += 1
            case 0x20...0x7E: keys.append(.character(Character(Unicode.Scalar(b)))); i += 1
            default: keys.append(.other); i += 1
            }
        }
        return keys
    }
}
