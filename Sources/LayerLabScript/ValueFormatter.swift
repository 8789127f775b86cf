import LayerLabCore

/// Values in the command language's syntax: the one printer, for `inspect` and for saved
/// scripts alike (`ValueReader` is its reader).
///
/// Points are `(x, y)`, sizes `WxH` (`size(w, h)` where `WxH` would not read back: an
/// exponent, `inf`), rects `rect(x, y, w, h)`, lists `[a, b]`, booleans `true`/`false`.
/// The style says who reads the text:
/// - `.display` (`inspect`, `explain`, `help`): numbers rounded to 6 decimals, colours
///   `#rrggbbaa`, paths as bare SVG data, a transform in its shortest form (`identity`,
///   one step, or a list), and names and text escaped so they cannot drive the terminal.
/// - `.exact` (`save FILE.lab`, `edit`): every bit comes back: numbers in full, a colour that
///   is not whole bytes as `color(r, g, b, a)`, paths as `svg("…")`, transforms as a list, text
///   quoted unless the key path takes a bare word.
package enum ValueFormatter {
    package static func format(_ v: Value, type: ValueType? = nil, _ style: NumberStyle = .display) -> String {
        let n = style.text
        switch v {
        case .number(let x): return n(x)
        case .bool(let b): return b ? "true" : "false"
        case .point(let p): return "(\(n(p.x)), \(n(p.y)))"
        case .size(let s): return size(s, style)
        case .rect(let r): return "rect(\(n(r.minX)), \(n(r.minY)), \(n(r.width)), \(n(r.height)))"
        case .color(let c): return color(c, style)
        case .path(let p): return style == .display ? p.svgData : "svg(\(quoted(p.svgData(number: n))))"
        case .pathRef(let name): return style == .display ? escapeForTerminal(name) : name
        case .string(let s):
            switch style {
            case .display: return type == .string || type == .stringList ? quoted(s) : escapeForTerminal(s)
            case .exact:
                switch type {
                case .word?, .layerRef?: return s
                default: return quoted(s)
                }
            }
        case .list(let xs): return "[" + xs.map { format($0, type: type, style) }.joined(separator: ", ") + "]"
        case .transform(let ops): return transform(ops, style)
        case .null: return "none"
        }
    }

    /// `WxH` when the lexer reads it back as written (signs included: `0x-3`, a shadow offset,
    /// and `-3x4`); otherwise (`1e+20`, `inf`) `size(w, h)`.
    static func size(_ s: Size, _ style: NumberStyle) -> String {
        let w = style.text(s.width), h = style.text(s.height)
        func plain(_ t: Substring) -> Bool { !t.isEmpty && t.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") } }
        func unsigned(_ t: String) -> Substring { t.hasPrefix("-") ? t.dropFirst() : t[...] }
        return plain(unsigned(w)) && plain(unsigned(h)) ? "\(w)x\(h)" : "size(\(w), \(h))"
    }

    /// `#rrggbbaa`; exactly, a colour that is not whole bytes is `color(r, g, b, a)` in full.
    static func color(_ c: Color, _ style: NumberStyle) -> String {
        guard style == .exact else { return c.hex }
        let bytes = [c.r, c.g, c.b, c.a].allSatisfy { x in
            let byte = (x * 255).rounded()
            return byte >= 0 && byte <= 255 && byte / 255 == x
        }
        if bytes { return c.hex }
        let n = style.text
        return "color(\(n(c.r)), \(n(c.g)), \(n(c.b)), \(n(c.a)))"
    }

    /// `identity`, a single step, or `[step, step, …]` as the command language reads them
    /// (exactly: always the list, `[]` for none).
    package static func transform(_ ops: [TransformOp], _ style: NumberStyle = .display) -> String {
        let steps = ops.map { op in
            op.name + "(" + op.writtenParameters.map(style.text).joined(separator: ", ") + ")"
        }
        if style == .display, steps.count < 2 { return steps.first ?? "identity" }
        return "[" + steps.joined(separator: ", ") + "]"
    }

    /// A timing attribute's value as the command language writes it: `after grow`-style
    /// expressions as text, `inf`, `easeOut`, `cubic(…)`.
    package static func format(_ v: TimingValue, _ style: NumberStyle = .display) -> String {
        switch v {
        case .time(let t): return style == .display ? escapeForTerminal(t.text(.display)) : t.text(.exact)
        case .number(let x): return style.text(x)
        case .bool(let b): return b ? "true" : "false"
        case .fillMode(let m): return m.rawValue
        case .timingFunction(let f): return f.text(style)
        }
    }

    /// `"text"` with `\"`, `\\` and control characters escaped, as the command language reads it.
    package static func quoted(_ s: String) -> String { escapeControls(s, as: .script, quoted: true) }
}
