import LayerLabCore

/// Values as `inspect` prints them: numbers in `formatNumber`'s shortest form, points
/// `(x, y)`, sizes `WxH`, rects `rect(x, y, w, h)`, colours `#rrggbbaa`, booleans, paths as
/// absolute SVG data, text quoted. Names and text are escaped so they cannot drive the terminal.
public enum ValueFormatter {
    public static func format(_ v: Value, type: ValueType? = nil) -> String {
        let n = formatNumber
        switch v {
        case .number(let x): return n(x)
        case .bool(let b): return b ? "true" : "false"
        case .point(let p): return "(\(n(p.x)), \(n(p.y)))"
        case .size(let s): return "\(n(s.width))x\(n(s.height))"
        case .rect(let r): return "rect(\(n(r.minX)), \(n(r.minY)), \(n(r.width)), \(n(r.height)))"
        case .color(let c): return c.hex
        case .path(let p): return p.svgData
        case .pathRef(let name): return escapeForTerminal(name)
        case .string(let s):
            if type == .string || type == .stringList { return quoted(s) }
            return escapeForTerminal(s)
        case .list(let xs): return "[" + xs.map { format($0, type: type) }.joined(separator: ", ") + "]"
        case .transform(let ops): return transform(ops)
        case .null: return "none"
        }
    }

    /// `identity`, a single step, or `[step, step, …]`, as the command language reads them.
    public static func transform(_ ops: [TransformOp]) -> String {
        let steps = ops.map { op in
            op.name + "(" + op.writtenParameters.map(formatNumber).joined(separator: ", ") + ")"
        }
        switch steps.count {
        case 0: return "identity"
        case 1: return steps[0]
        default: return "[" + steps.joined(separator: ", ") + "]"
        }
    }

    /// A timing attribute's value as the command language writes it: `after grow`-style
    /// expressions as text, `inf`, `easeOut`, `cubic(…)`.
    public static func format(_ v: TimingValue) -> String {
        switch v {
        case .time(let t): return escapeForTerminal(t.description)
        case .number(let x): return formatNumber(x)
        case .bool(let b): return b ? "true" : "false"
        case .fillMode(let m): return m.rawValue
        case .timingFunction(let f): return f.description
        }
    }

    /// `"text"` with `\"`, `\\` and control characters escaped, as the command language reads it.
    public static func quoted(_ s: String) -> String { escapeControls(s, as: .script, quoted: true) }
}
