import LayerLabCore

/// Text-art images: a palette, then a grid where each character is one pixel.
///
///     # a 4x3 heart
///     R = #d12a18
///     P = #ff88aa80
///
///     .R.R
///     RRRR
///     .RP.
///
/// Palette lines are `C = COLOUR` (one character, then `#rgb`, `#rrggbb`, `#rrggbbaa` or a
/// colour name); `#` lines before the grid are comments; the grid starts at the first
/// other non-blank line. `.` and space are transparent; short rows are padded with
/// transparency. See docs/text-art.md.
package enum TextArt {
    /// Why a text-art file could not be read, with its 1-based line.
    package struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        package var line: Int
        package var message: String
        package var description: String { "line \(line): \(message)" }
    }

    /// Largest grid accepted, in pixels a side.
    package static let maxSide = 4096

    package static func parse(_ text: String) throws(ParseError) -> Bitmap {
        var palette: [Character: Color] = [:]
        var grid: [[Character]] = []
        var inGrid = false
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, raw) in lines.enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let number = index + 1
            if !inGrid {
                let trimmed = line.trimmingSpaces
                if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                if let eq = paletteEntry(trimmed) {
                    guard let color = parseColor(eq.value) else {
                        // NB: messages never quote the file (it may be any file a path names).
                        throw ParseError(line: number, message: "the palette colour is not a colour")
                    }
                    palette[eq.key] = color
                    continue
                }
                inGrid = true
            }
            grid.append(Array(line))
        }
        while let last = grid.last, last.allSatisfy({ $0 == " " }) { grid.removeLast() }
        let height = grid.count
        let width = grid.map(\.count).max() ?? 0
        guard width > 0, height > 0 else { throw ParseError(line: lines.count, message: "no pixels") }
        guard width <= maxSide, height <= maxSide else {
            throw ParseError(line: 1, message: "image too large: \(width)x\(height)")
        }
        var bitmap = Bitmap(width: width, height: height)
        for (y, row) in grid.enumerated() {
            for (x, ch) in row.enumerated() where ch != "." && ch != " " {
                guard let c = palette[ch] else {
                    throw ParseError(line: gridLine(lines, y), message: "column \(x + 1) is a character not in the palette")
                }
                bitmap[x, y] = c
            }
        }
        return bitmap
    }

    /// The 1-based file line of grid row `row`.
    private static func gridLine(_ lines: [Substring], _ row: Int) -> Int {
        var seen = -1
        var inGrid = false
        for (i, l) in lines.enumerated() {
            let t = l.trimmingSpaces
            if !inGrid && (t.isEmpty || t.hasPrefix("#") || paletteEntry(t) != nil) { continue }
            inGrid = true
            seen += 1
            if seen == row { return i + 1 }
        }
        return lines.count
    }

    private static func paletteEntry(_ s: Substring) -> (key: Character, value: String)? {
        let chars = Array(s)
        guard chars.count >= 3, chars[0] != " ", chars[0] != "." else { return nil }
        var i = 1
        while i < chars.count && chars[i] == " " { i += 1 }
        guard i < chars.count, chars[i] == "=" else { return nil }
        let value = String(chars[(i + 1)...]).trimmingCharacters
        return value.isEmpty ? nil : (chars[0], value)
    }

    /// `#rgb`, `#rrggbb`, `#rrggbbaa` or a colour name.
    static func parseColor(_ s: String) -> Color? {
        if s.hasPrefix("#") {
            let hex = Array(s.dropFirst())
            guard hex.allSatisfy(\.isHexDigit) else { return nil }
            func v(_ a: Int, _ n: Int) -> Int { Int(String(hex[a..<(a + n)]), radix: 16) ?? 0 }
            switch hex.count {
            case 3: return Color(bytes: v(0, 1) * 17, v(1, 1) * 17, v(2, 1) * 17)
            case 6: return Color(bytes: v(0, 2), v(2, 2), v(4, 2))
            case 8: return Color(bytes: v(0, 2), v(2, 2), v(4, 2), v(6, 2))
            default: return nil
            }
        }
        return Color.named(s)
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return s
    }
}

extension String {
    fileprivate var trimmingCharacters: String { String(Substring(self).trimmingSpaces) }
}
