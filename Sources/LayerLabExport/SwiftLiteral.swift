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

    /// A `CGColor` through `UIColor` or `NSColor` (`type`).
    static func color(_ c: Color, type: String) -> String {
        if c == .clear { return "\(type).clear.cgColor" }
        return "\(type)(red: \(channel(c.r)), green: \(channel(c.g)), blue: \(channel(c.b)), alpha: \(channel(c.a))).cgColor"
    }

    /// A colour channel; an 8-bit value as `k / 255`, exact where a decimal would be rounded.
    static func channel(_ v: Double) -> String {
        let k = (v * 255).rounded()
        guard v != 0, v != 1, k > 0, k < 255, abs(v * 255 - k) < 1e-6 else { return number(v) }
        return "\(clampedInt(k, 0, 255)) / 255"
    }

    /// A `CGPath` built with `CGMutablePath`, through the generated `helper`.
    static func path(_ path: Path, helper: String) -> String {
        guard !path.isEmpty else { return "\(helper) { _ in }" }
        var lines = ["\(helper) { p in"]
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

    /// A transform as the chained QuartzCore calls that build it, left to right.
    static func transform(_ ops: [TransformOp]) -> String {
        var e = "CATransform3DIdentity"
        for op in ops {
            let p = op.parameters.map(number).joined(separator: ", ")
            switch op {
            case .translate: e = "CATransform3DTranslate(\(e), \(p))"
            case .rotate: e = "CATransform3DRotate(\(e), \(p))"
            case .scale: e = "CATransform3DScale(\(e), \(p))"
            case .perspective, .matrix: e = "CATransform3DConcat(\(matrix(op.matrix)), \(e))"
            }
        }
        return e
    }

    /// A CATransform3D literal, field by field.
    static func matrix(_ t: Transform3D) -> String {
        var fields: [String] = []
        for r in 1...4 { for c in 1...4 { fields.append("m\(r)\(c): \(number(t[r, c]))") } }
        return "CATransform3D(" + fields.joined(separator: ", ") + ")"
    }
}
