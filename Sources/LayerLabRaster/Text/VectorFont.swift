import LayerLabCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// LayerLab's built-in single-stroke vector font: glyphs are polylines stroked with round
/// caps and joins, so text scales, rotates and morphs like any shape and needs no font files.
/// It covers ASCII, Latin-1 (accented letters composed from a base letter and an accent), a
/// few typographic marks (… – — ‘ ’ “ ” • €) and the box-drawing block U+2500–U+257F.
/// Characters it lacks draw as a box (`missingCharacters(in:)` lists them).
///
/// Metrics, in ems (the font size): cap height 0.7, x-height 0.42, baseline 0.8 below the
/// top of a line, line height 1.2. Two weights share the outlines: regular strokes are
/// 0.085 em wide, bold ones 0.135 em, and bold glyphs advance by the difference more.
package struct VectorFont: Sendable {
    /// One glyph: its advance and strokes, in font units (cap height 10).
    struct Glyph: Sendable {
        var advance: Double
        var strokes: [[Point]]
        /// The strokes' centre lines' extent (zero for a blank glyph).
        var ink: Rect
        /// Spaces: lines may break after them, and they stretch in justified lines.
        var isBreakingSpace = false
        /// Box-drawing cells: fixed advance, no extra spacing in bold.
        var isCell = false

        init(advance: Double, strokes: [[Point]], isCell: Bool = false) {
            self.advance = advance
            self.strokes = strokes
            self.isCell = isCell
            var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
            for s in strokes {
                for p in s {
                    minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
                }
            }
            ink = minX <= maxX ? Rect(minX, minY, maxX - minX, maxY - minY) : .zero
        }
    }

    /// Font units per em.
    static let unitsPerEm = 10 / 0.7
    static let baseline = 0.8
    static let lineHeight = 1.2
    /// Gap between glyph boxes, in units.
    static let spacing = 2.6
    static let spaceAdvance = 3.6
    /// How far above the bounds the ink of the first line may reach before it is clipped, in
    /// ems: room for the accents over capitals (`É`), which rise above the line's top.
    package static let accentRoom = 0.25

    package let weight: FontWeight
    /// Stroke width in ems.
    let strokeEm: Double
    /// Glyph ids by character; ids index `glyphs`.
    let ids: [Character: Int32]
    let glyphs: [Glyph]
    /// The box drawn for characters the font lacks.
    static let missing: Int32 = 0
    static let space: Int32 = 1
    /// Zero-width, invisible (soft hyphen, joiners).
    static let invisible: Int32 = 2
    let ellipsis: Int32

    package static let regular = VectorFont(weight: .regular)
    package static let bold = VectorFont(weight: .bold)

    /// The font of a weight.
    package static func of(_ weight: FontWeight) -> VectorFont { weight == .bold ? bold : regular }

    private init(weight: FontWeight) {
        self.weight = weight
        strokeEm = weight == .bold ? 0.135 : 0.085
        let extra = (strokeEm - 0.085) * VectorFont.unitsPerEm
        var list: [Glyph] = [
            Glyph(advance: 6 + VectorFont.spacing + extra, strokes: VectorFont.parse("M0 0 L6 0 L6 10 L0 10 L0 0")),
            Glyph(advance: VectorFont.spaceAdvance + VectorFont.spacing + extra, strokes: []),
            Glyph(advance: 0, strokes: []),
        ]
        list[1].isBreakingSpace = true
        var ids: [Character: Int32] = [" ": VectorFont.space, "\t": VectorFont.space, "\u{AD}": VectorFont.invisible,
                                       "\u{200B}": VectorFont.invisible, "\u{200D}": VectorFont.invisible,
                                       "\u{FEFF}": VectorFont.invisible]
        // No-break spaces look like a space but are no place to break a line.
        ids["\u{A0}"] = Int32(list.count)
        list.append(Glyph(advance: list[1].advance, strokes: []))
        for (ch, src) in VectorFont.outlines {
            ids[ch] = Int32(list.count)
            list.append(Glyph(advance: src.width + VectorFont.spacing + extra, strokes: src.strokes))
        }
        for (ch, strokes) in VectorFont.boxDrawing {
            ids[ch] = Int32(list.count)
            list.append(Glyph(advance: VectorFont.cellWidth, strokes: strokes, isCell: true))
        }
        self.ids = ids
        glyphs = list
        ellipsis = ids["…"] ?? VectorFont.missing
    }

    /// The characters the font draws (spaces aside).
    package var characters: Set<Character> {
        Set(ids.compactMap { ch, id in glyphs[Int(id)].strokes.isEmpty ? nil : ch })
    }

    /// Characters of `text` the font has no glyph for (each once, in order of appearance);
    /// they draw as a box. Line breaks are not characters to draw.
    package func missingCharacters(in text: String) -> [Character] {
        var seen = Set<Character>(), out: [Character] = []
        for ch in text where ch != "\n" && ch != "\r" && ch != "\r\n" && ids[ch] == nil {
            if seen.insert(ch).inserted { out.append(ch) }
        }
        return out
    }

    /// `missingCharacters(in:)` of either weight (both draw the same characters), without
    /// building a font for text that is all printable ASCII, tabs and line breaks, every one of
    /// which the font draws: building one parses every outline (14 M instructions), which a
    /// shell command checking its script's text for missing glyphs paid at every start.
    package static func missingCharacters(in text: String) -> [Character] {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { return [] }
        return regular.missingCharacters(in: text)
    }

    func id(_ ch: Character) -> Int32 { ids[ch] ?? VectorFont.missing }

    /// The stroke width for text of `fontSize`, in points.
    package func lineWidth(fontSize: Double) -> Double { strokeEm * fontSize }

    /// Parses one glyph's stroke description (see `outlines`).
    static func parse(_ source: String) -> [[Point]] {
        // Tokens: single command letters and numbers.
        var tokens: [String] = []
        var number = ""
        for ch in source {
            if ch.isLetter {
                if !number.isEmpty { tokens.append(number); number = "" }
                tokens.append(String(ch))
            } else if ch == " " {
                if !number.isEmpty { tokens.append(number); number = "" }
            } else {
                number.append(ch)
            }
        }
        if !number.isEmpty { tokens.append(number) }

        var strokes: [[Point]] = []
        var current: [Point] = []
        var i = 0
        func next() -> Double {
            defer { i += 1 }
            return i < tokens.count ? Double(tokens[i]) ?? 0 : 0
        }
        func add(_ p: Point) {
            if let last = current.last, last.distance(to: p) < 1e-9 { return }
            current.append(p)
        }
        while i < tokens.count {
            let cmd = tokens[i]; i += 1
            switch cmd {
            case "M":
                if !current.isEmpty { strokes.append(current) }
                let x = next(), y = next()
                current = [Point(x, y)]
            case "L":
                let x = next(), y = next()
                add(Point(x, y))
            case "A":
                let cx = next(), cy = next(), rx = next(), ry = next()
                let a0 = next() * Double.pi / 180, a1 = next() * Double.pi / 180
                let steps = max(2, Int((abs(a1 - a0) / (Double.pi / 30)).rounded(.up)))
                for k in 0...steps {
                    let a = a0 + (a1 - a0) * Double(k) / Double(steps)
                    add(Point(cx + rx * cos(a), cy + ry * sin(a)))
                }
            default:
                break
            }
        }
        // A zero-length stroke stays as one point: a dot.
        if !current.isEmpty { strokes.append(current) }
        return strokes
    }
}
