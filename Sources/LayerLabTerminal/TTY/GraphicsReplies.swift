/// What a terminal answered to the graphics queries (`GraphicsProbe`), read from its reply
/// bytes. Pure: the bytes in, the facts out, anything else skipped.
///
/// - kitty graphics: `ESC _ G i=31;OK ESC \` (an error text instead of OK means no support);
/// - primary device attributes: `ESC [ ? 62 ; 4 ; … c`, where attribute 4 is sixel; it always
///   comes, and last, as the query for it is sent last: it ends the wait;
/// - XTSMGRAPHICS: `ESC [ ? 1 ; 0 ; N S` (colour registers), `ESC [ ? 2 ; 0 ; W ; H S` (the
///   largest sixel image);
/// - window ops: `ESC [ 6 ; H ; W t` (cell pixels), `ESC [ 4 ; H ; W t` (text area pixels).
package struct GraphicsReplies: Equatable, Sendable {
    package var kitty = false
    /// The device attributes, once they came.
    package var attributes: [Int]?
    package var sixelColors: Int?
    package var sixelMaxSize: (width: Int, height: Int)?
    package var cellPixels: (width: Int, height: Int)?
    package var windowPixels: (width: Int, height: Int)?

    package init() {}

    package var sixel: Bool { attributes?.dropFirst().contains(4) ?? false }
    /// The device attributes came: the terminal answered everything it will.
    package var complete: Bool { attributes != nil }

    package static func == (a: GraphicsReplies, b: GraphicsReplies) -> Bool {
        a.kitty == b.kitty && a.attributes == b.attributes && a.sixelColors == b.sixelColors
            && a.sixelMaxSize?.width == b.sixelMaxSize?.width && a.sixelMaxSize?.height == b.sixelMaxSize?.height
            && a.cellPixels?.width == b.cellPixels?.width && a.cellPixels?.height == b.cellPixels?.height
            && a.windowPixels?.width == b.windowPixels?.width && a.windowPixels?.height == b.windowPixels?.height
    }

    /// The replies in `bytes`; bytes that are no reply are skipped.
    package static func parse(_ bytes: [UInt8]) -> GraphicsReplies {
        var r = GraphicsReplies()
        var i = 0
        let n = bytes.count
        while i < n {
            guard bytes[i] == 0x1B, i + 1 < n else { i += 1; continue }
            if bytes[i + 1] == UInt8(ascii: "_") {
                // APC … ST: a kitty graphics answer when it starts with G.
                var j = i + 2
                while j + 1 < n && !(bytes[j] == 0x1B && bytes[j + 1] == UInt8(ascii: "\\")) { j += 1 }
                guard j + 1 < n else { break }
                let body = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
                if body.hasPrefix("G"), let semi = body.firstIndex(of: ";") {
                    let keys = body[body.index(after: body.startIndex)..<semi].split(separator: ",")
                    if keys.contains("i=31") && body[body.index(after: semi)...] == "OK" { r.kitty = true }
                }
                i = j + 2
                continue
            }
            guard bytes[i + 1] == UInt8(ascii: "[") else { i += 1; continue }
            // CSI: parameters and intermediates, then a final byte 0x40…0x7E.
            var j = i + 2
            while j < n && (0x20...0x3F).contains(bytes[j]) { j += 1 }
            guard j < n else { break }
            let final = bytes[j]
            guard (0x40...0x7E).contains(final) else { i = j; continue }
            let paramText = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
            let privateQ = paramText.hasPrefix("?")
            let numbers = (privateQ ? String(paramText.dropFirst()) : paramText).split(separator: ";",
                omittingEmptySubsequences: false).map { Int($0) }
            let values = numbers.compactMap { $0 }
            if numbers.count == values.count {
                switch (final, privateQ) {
                case (UInt8(ascii: "c"), true): r.attributes = values
                case (UInt8(ascii: "S"), true) where values.count >= 3 && values[1] == 0:
                    if values[0] == 1 { r.sixelColors = values[2] }
                    if values[0] == 2, values.count >= 4 { r.sixelMaxSize = (values[2], values[3]) }
                case (UInt8(ascii: "t"), false) where values.count == 3:
                    if values[0] == 6, values[1] > 0, values[2] > 0 { r.cellPixels = (values[2], values[1]) }
                    if values[0] == 4, values[1] > 0, values[2] > 0 { r.windowPixels = (values[2], values[1]) }
                default: break
                }
            }
            i = j + 1
        }
        return r
    }
}
