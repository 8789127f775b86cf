#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why SVG path data could not be read, and where (a character offset into the data).
package struct SVGPathError: Error, Hashable, Sendable {
    /// 0-based offset of the offending character in the path data.
    package var offset: Int
    /// Length of the offending text (at least 1), for underlining.
    package var length: Int
    package var message: String

    package init(offset: Int, length: Int = 1, message: String) {
        self.offset = offset; self.length = max(1, length); self.message = message
    }
}

extension Path {
    /// Reads SVG path data (`M 0 0 L 10 10 Z`): absolute and relative M, L, H, V, C, S, Q, T, A
    /// and Z, with implicit repeated commands, as the SVG 1.1 grammar allows.
    ///
    /// Arcs become cubic Béziers of at most 90° each, so every path stays made of the elements
    /// the renderer and the morphing code know; H and V become lines.
    ///
    ///     try Path(svg: "M0 0 h10 v10 z")   // move, line, line, close
    ///
    /// - Throws: `SVGPathError` with the offset of the first character that does not fit.
    package init(svg data: String) throws(SVGPathError) {
        var reader = SVGPathReader(Array(data.unicodeScalars))
        self.init(try reader.read())
    }

    /// The path as absolute SVG path data using only `M`, `L`, `Q`, `C` and `Z`, with numbers
    /// in `formatNumber`'s shortest form: the form `inspect` prints and `svg("…")` reads back.
    package var svgData: String { svgData(number: formatNumber) }

    /// The same path data with numbers written by `number` (project files keep every bit).
    package func svgData(number: (Double) -> String) -> String {
        func p(_ pt: Point) -> String { number(pt.x) + " " + number(pt.y) }
        return elements.map { e -> String in
            switch e {
            case .move(let a): return "M " + p(a)
            case .line(let a): return "L " + p(a)
            case .quad(let c, let a): return "Q " + p(c) + " " + p(a)
            case .cubic(let c1, let c2, let a): return "C " + p(c1) + " " + p(c2) + " " + p(a)
            case .close: return "Z"
            }
        }.joined(separator: " ")
    }
}

/// The state machine behind `Path(svg:)`: a cursor over the data plus the pen state that
/// relative commands and the smooth (S, T) commands need.
struct SVGPathReader {
    let s: [Unicode.Scalar]
    var i = 0
    var out: [PathElement] = []
    var current = Point.zero
    var subpathStart = Point.zero
    /// The last cubic (for S) or quadratic (for T) control point, when the previous command set one.
    var lastCubicControl: Point?
    var lastQuadControl: Point?

    init(_ s: [Unicode.Scalar]) { self.s = s }

    mutating func read() throws(SVGPathError) -> [PathElement] {
        skipSpace()
        guard i < s.count else { return [] }
        guard s[i] == "M" || s[i] == "m" else {
            throw SVGPathError(offset: i, message: "path data must start with M or m")
        }
        var command: Unicode.Scalar = "M"
        while true {
            skipSpace()
            if i >= s.count { break }
            let c = s[i]
            if "MmLlHhVvCcSsQqTtAaZz".unicodeScalars.contains(c) {
                command = c; i += 1
            } else if !startsNumber() {
                throw SVGPathError(offset: i, message: "unknown path command '\(Character(c))'")
            } else if command == "Z" || command == "z" {
                throw SVGPathError(offset: i, message: "expected a path command after Z")
            }
            try perform(command)
            // Implicit repetition: after a moveto, further coordinate pairs are linetos.
            if command == "M" { command = "L" } else if command == "m" { command = "l" }
        }
        return out
    }

    mutating func perform(_ c: Unicode.Scalar) throws(SVGPathError) {
        let rel = c.properties.isLowercase
        let base = rel ? current : .zero
        var cubicControl: Point? = nil, quadControl: Point? = nil
        switch c {
        case "M", "m":
            let p = try point() + base
            out.append(.move(p)); current = p; subpathStart = p
        case "L", "l":
            let p = try point() + base
            out.append(.line(p)); current = p
        case "H", "h":
            let x = try number() + base.x
            current = Point(x, current.y); out.append(.line(current))
        case "V", "v":
            let y = try number() + base.y
            current = Point(current.x, y); out.append(.line(current))
        case "C", "c":
            let c1 = try point() + base, c2 = try point() + base, p = try point() + base
            out.append(.cubic(c1, c2, p)); current = p; cubicControl = c2
        case "S", "s":
            let c1 = lastCubicControl.map { current * 2 - $0 } ?? current
            let c2 = try point() + base, p = try point() + base
            out.append(.cubic(c1, c2, p)); current = p; cubicControl = c2
        case "Q", "q":
            let q = try point() + base, p = try point() + base
            out.append(.quad(q, p)); current = p; quadControl = q
        case "T", "t":
            let q = lastQuadControl.map { current * 2 - $0 } ?? current
            let p = try point() + base
            out.append(.quad(q, p)); current = p; quadControl = q
        case "A", "a":
            let rx = try number(), ry = try number(), rotation = try number()
            let large = try flag(), sweep = try flag()
            let p = try point() + base
            out += arcCubics(from: current, to: p, rx: rx, ry: ry, degrees: rotation,
                             largeArc: large, sweep: sweep)
            current = p
        default: // Z, z
            out.append(.close); current = subpathStart
        }
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
    }

    // MARK: - Lexing

    mutating func skipSpace() {
        while i < s.count, s[i] == " " || s[i] == "\t" || s[i] == "\n" || s[i] == "\r" || s[i] == "," {
            i += 1
        }
    }

    func startsNumber() -> Bool {
        guard i < s.count else { return false }
        let c = s[i]
        return c == "+" || c == "-" || c == "." || ("0"..."9").contains(c)
    }

    mutating func point() throws(SVGPathError) -> Point {
        let x = try number()
        return Point(x, try number())
    }

    mutating func number() throws(SVGPathError) -> Double {
        skipSpace()
        let start = i
        var text = ""
        if i < s.count, s[i] == "+" || s[i] == "-" { text.unicodeScalars.append(s[i]); i += 1 }
        var digits = 0
        while i < s.count, ("0"..."9").contains(s[i]) { text.unicodeScalars.append(s[i]); i += 1; digits += 1 }
        if i < s.count, s[i] == "." {
            text.unicodeScalars.append(s[i]); i += 1
            while i < s.count, ("0"..."9").contains(s[i]) { text.unicodeScalars.append(s[i]); i += 1; digits += 1 }
        }
        guard digits > 0 else {
            i = start
            throw SVGPathError(offset: start, message: "expected a number")
        }
        if i < s.count, s[i] == "e" || s[i] == "E" {
            var j = i + 1
            if j < s.count, s[j] == "+" || s[j] == "-" { j += 1 }
            if j < s.count, ("0"..."9").contains(s[j]) {
                text += "e"
                text.unicodeScalars.append(contentsOf: s[(i + 1)..<j])
                i = j
                while i < s.count, ("0"..."9").contains(s[i]) { text.unicodeScalars.append(s[i]); i += 1 }
            }
        }
        guard let v = Double(text), v.isFinite else {
            throw SVGPathError(offset: start, length: i - start, message: "number too large")
        }
        return v
    }

    /// An arc flag: a single `0` or `1`, which may run into the next number (`a1 1 0 01 10 10`).
    mutating func flag() throws(SVGPathError) -> Bool {
        skipSpace()
        guard i < s.count, s[i] == "0" || s[i] == "1" else {
            throw SVGPathError(offset: min(i, s.count), message: "expected an arc flag (0 or 1)")
        }
        defer { i += 1 }
        return s[i] == "1"
    }
}

// MARK: - Arcs

/// Converts an SVG elliptical arc to cubic Béziers (SVG 1.1 appendix F.6.5: endpoint to centre
/// parameterization, radii scaled up when too small, then pieces of at most 90°).
func arcCubics(from p0: Point, to p1: Point, rx rxIn: Double, ry ryIn: Double, degrees: Double,
               largeArc: Bool, sweep: Bool) -> [PathElement] {
    if p0 == p1 { return [] }
    var rx = abs(rxIn), ry = abs(ryIn)
    if rx == 0 || ry == 0 { return [.line(p1)] }
    // NB: every step stays finite for any finite input: the rotation is reduced first, the
    // radius scale is computed without squaring huge ratios, and whatever still overflows
    // (radii near 1e308) falls back to a straight line, as for zero radii.
    let phi = degrees.truncatingRemainder(dividingBy: 360) * Double.pi / 180
    let cosPhi = cos(phi), sinPhi = sin(phi)
    let dx = (p0.x - p1.x) / 2, dy = (p0.y - p1.y) / 2
    let x1p = cosPhi * dx + sinPhi * dy
    let y1p = -sinPhi * dx + cosPhi * dy
    let scale = hypotenuse(x1p / rx, y1p / ry)
    if scale > 1 { rx *= scale; ry *= scale }
    let num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
    let den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
    var coef = den == 0 ? 0 : (max(0, num) / den).squareRoot()
    if largeArc == sweep { coef = -coef }
    let cxp = coef * rx * y1p / ry
    let cyp = -coef * ry * x1p / rx
    let cx = cosPhi * cxp - sinPhi * cyp + (p0.x + p1.x) / 2
    let cy = sinPhi * cxp + cosPhi * cyp + (p0.y + p1.y) / 2

    func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
        atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    }
    let ux = (x1p - cxp) / rx, uy = (y1p - cyp) / ry
    let vx = (-x1p - cxp) / rx, vy = (-y1p - cyp) / ry
    let theta1 = angle(1, 0, ux, uy)
    var delta = angle(ux, uy, vx, vy)
    if !sweep && delta > 0 { delta -= 2 * Double.pi }
    if sweep && delta < 0 { delta += 2 * Double.pi }

    guard cx.isFinite, cy.isFinite, rx.isFinite, ry.isFinite, theta1.isFinite, delta.isFinite else {
        return [.line(p1)]
    }
    let pieces = clampedInt((abs(delta) / (Double.pi / 2) - 1e-9).rounded(.up), 1, 4)
    let step = delta / Double(pieces)
    let k = 4.0 / 3.0 * tan(step / 4)
    func onEllipse(_ t: Double) -> Point {
        let x = rx * cos(t), y = ry * sin(t)
        return Point(cx + cosPhi * x - sinPhi * y, cy + sinPhi * x + cosPhi * y)
    }
    func derivative(_ t: Double) -> Point {
        let x = -rx * sin(t), y = ry * cos(t)
        return Point(cosPhi * x - sinPhi * y, sinPhi * x + cosPhi * y)
    }
    var result: [PathElement] = []
    var t = theta1
    for n in 0..<pieces {
        let t2 = t + step
        let a = onEllipse(t), b = n == pieces - 1 ? p1 : onEllipse(t2)
        result.append(.cubic(a + derivative(t) * k, b - derivative(t2) * k, b))
        t = t2
    }
    return result
}

/// √(a² + b²) without overflow when a or b is huge.
private func hypotenuse(_ a: Double, _ b: Double) -> Double {
    let m = max(abs(a), abs(b))
    guard m > 0, m.isFinite else { return m }
    let x = a / m, y = b / m
    return m * (x * x + y * y).squareRoot()
}
