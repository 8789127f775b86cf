import LayerLabCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// LayerLab's built-in single-stroke vector font: glyphs are polylines stroked with round
/// caps and joins, so text scales, rotates and morphs like any shape and needs no font files.
///
/// Metrics, in ems (the font size): cap height 0.7, x-height 0.42, baseline 0.8 below the
/// top of a line, line height 1.2, stroke 0.085.
public struct VectorFont: Sendable {
    /// One glyph: its advance and strokes, in font units (cap height 10).
    struct Glyph: Sendable {
        var advance: Double
        var strokes: [[Point]]
    }

    /// Font units per em.
    static let unitsPerEm = 10 / 0.7
    static let baseline = 0.8
    static let lineHeight = 1.2
    static let strokeWidth = 0.085
    /// Gap between glyph boxes, in units.
    static let spacing = 2.6
    static let spaceAdvance = 3.6

    let glyphs: [Character: Glyph]
    let missing: Glyph

    /// The font, parsed once from `glyphSource`.
    public static let standard = VectorFont()

    private init() {
        var g: [Character: Glyph] = [:]
        for (ch, src) in VectorFont.glyphSource {
            g[ch] = Glyph(advance: src.width + VectorFont.spacing, strokes: VectorFont.parse(src.strokes))
        }
        glyphs = g
        missing = Glyph(advance: 6 + VectorFont.spacing, strokes: VectorFont.parse("M0 0 L6 0 L6 10 L0 10 L0 0"))
    }

    /// The characters the font draws (space aside).
    public var characters: Set<Character> { Set(glyphs.keys) }

    /// The stroke width for text of `fontSize`, in points.
    public static func lineWidth(fontSize: Double) -> Double { strokeWidth * fontSize }

    /// Width of one line of text at `fontSize`, from the left of the first glyph's ink to the
    /// right of the last's.
    public func width(of line: Substring, fontSize: Double) -> Double {
        var units = 0.0
        for ch in line { units += advance(ch) }
        if !line.isEmpty { units -= VectorFont.spacing }
        return units / VectorFont.unitsPerEm * fontSize + VectorFont.lineWidth(fontSize: fontSize)
    }

    private func advance(_ ch: Character) -> Double {
        if ch == " " || ch == "\t" { return VectorFont.spaceAdvance + VectorFont.spacing }
        return (glyphs[ch] ?? missing).advance
    }

    /// The strokes of `text` laid out in `bounds` as CATextLayer does: lines split at
    /// newlines (no wrapping), the first at the top, each aligned horizontally by `alignment`
    /// (`left`, `natural` and `justified` to the left, `center`, `right`).
    public func layout(_ text: String, fontSize: Double, alignment: TextAlignment, in bounds: Rect) -> [Polyline] {
        let em = fontSize
        guard em > 0, em.isFinite else { return [] }
        let unit = em / VectorFont.unitsPerEm
        let half = VectorFont.lineWidth(fontSize: em) / 2
        var out: [Polyline] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (i, line) in lines.enumerated() {
            let w = width(of: line, fontSize: em)
            var x: Double
            switch alignment {
            case .center: x = bounds.midX - w / 2
            case .right: x = bounds.maxX - w
            case .natural, .left, .justified: x = bounds.minX
            }
            x += half
            let baseline = bounds.minY + (VectorFont.baseline + VectorFont.lineHeight * Double(i)) * em
            let top = baseline - 10 * unit
            for ch in line {
                if ch != " " && ch != "\t" {
                    let g = glyphs[ch] ?? missing
                    for stroke in g.strokes {
                        out.append(Polyline(stroke.map { Point(x + $0.x * unit, top + $0.y * unit) }, closed: false))
                    }
                }
                x += advance(ch) * unit
            }
        }
        return out
    }

    /// Parses one glyph's stroke description (see `glyphSource`).
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
