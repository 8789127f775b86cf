import LayerLabCore

/// Swift spellings of LayerLab values, for the QuartzCore source export.
///
/// Numbers use LayerLab's shortest round-tripping form; strings escape every control
/// character, so a layer name or text from a file can never break the generated code.
enum SwiftLiteral {
    static func number(_ v: Double) -> String {
        if v.isNaN { return "0" }
        if v.isInfinite { return v < 0 ? "-.infinity" : ".infinity" }
        return formatNumber(v)
    }

    static func string(_ s: String) -> String { escapeControls(s, as: .swift, quoted: true) }

    /// Text for a `//` comment: on one line, control characters shown as spaces.
    static func comment(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            let breaks = isEscapedControl(u)
                || u.value == 0x2028 || u.value == 0x2029
            out.unicodeScalars.append(breaks ? " " : u)
        }
        return out
    }

    static func point(_ p: Point) -> String { "CGPoint(x: \(number(p.x)), y: \(number(p.y)))" }
    static func size(_ s: Size) -> String { "CGSize(width: \(number(s.width)), height: \(number(s.height)))" }
    static func rect(_ r: Rect) -> String {
        "CGRect(x: \(number(r.minX)), y: \(number(r.minY)), width: \(number(r.width)), height: \(number(r.height)))"
    }

    static func color(_ c: Color) -> String {
        if c == .clear { return "UIColor.clear.cgColor" }
        return "UIColor(red: \(number(c.r)), green: \(number(c.g)), blue: \(number(c.b)), alpha: \(number(c.a))).cgColor"
    }

    /// A `CGPath` built with `CGMutablePath`, through the generated `layerLabPath` helper.
    static func path(_ path: Path) -> String {
        guard !path.isEmpty else { return "layerLabPath { _ in }" }
        var lines = ["layerLabPath { p in"]
        for e in path.elements {
            switch e {
            case .move(let p): lines.append("    p.move(to: \(point(p)))")
            case .line(let p): lines.append("    p.addLine(to: \(point(p)))")
            case .quad(let c, let p): lines.append("    p.addQuadCurve(to: \(point(p)), control: \(point(c)))")
            case .cubic(let c1, let c2, let p):
                lines.append("    p.addCurve(to: \(point(p)), control1: \(point(c1)), control2: \(point(c2)))")
            case .close: lines.append("    p.closeSubpath()")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    static func timingFunction(_ f: TimingFunction) -> String {
        switch f {
        case .linear: return "CAMediaTimingFunction(name: .linear)"
        case .easeIn: return "CAMediaTimingFunction(name: .easeIn)"
        case .easeOut: return "CAMediaTimingFunction(name: .easeOut)"
        case .easeInEaseOut: return "CAMediaTimingFunction(name: .easeInEaseOut)"
        case .default: return "CAMediaTimingFunction(name: .default)"
        case .cubic(let a, let b, let c, let d):
            return "CAMediaTimingFunction(controlPoints: \([a, b, c, d].map { number($0) }.joined(separator: ", ")))"
        }
    }

    /// A Swift identifier-safe enum case for a LayerLab word (`round`, `evenOdd`, `resizeAspect`).
    static func enumCase(_ word: String) -> String {
        SwiftNames.keywords.contains(word) ? ".`\(word)`" : "." + word
    }
}
