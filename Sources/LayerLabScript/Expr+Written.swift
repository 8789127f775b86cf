import LayerLabCore

/// The spelling a value keeps in the document (`WrittenForm`): the expression printed back in
/// the language's own layout, so `path=circle(0,0,30)` is saved as `circle(0, 0, 30)`.
extension Expr {
    /// The spelling to keep, or nil when the writer would print the value the same way anyway
    /// (plain numbers, points, sizes, strings and words other than colour names).
    func spelling(for type: ValueType?) -> String? {
        spellsSomething(colour: type == .color || type == .colorList) ? writtenText : nil
    }

    /// Whether anything in the expression is more than a plain number: a call, a unit, a
    /// short hex colour, a colour name, arithmetic.
    private func spellsSomething(colour: Bool) -> Bool {
        switch self {
        case .number(_, let unit, _): return unit != nil
        case .size, .string: return false
        case .after: return true
        case .word: return colour
        case .hexColor(let h, _): return h.count != 8
        case .tuple(let xs, _), .list(let xs, _): return xs.contains { $0.spellsSomething(colour: colour) }
        case .call, .binary, .negate: return true
        }
    }

    /// The expression as text the parser reads back to the same expression.
    var writtenText: String { text(precedence: 0) }

    private func text(precedence: Int) -> String {
        func wrap(_ s: String, _ p: Int) -> String { p < precedence ? "(\(s))" : s }
        switch self {
        case .number(let v, let unit, _): return exactNumberText(v) + (unit ?? "")
        case .size(let w, let h, _): return "\(exactNumberText(w))x\(exactNumberText(h))"
        case .word(let w, _): return w
        case .string(let s, _): return ValueFormatter.quoted(s)
        case .hexColor(let h, _): return "#" + h
        case .tuple(let xs, _): return "(" + xs.map(\.writtenText).joined(separator: ", ") + ")"
        case .list(let xs, _): return "[" + xs.map(\.writtenText).joined(separator: ", ") + "]"
        case .call(let f, let xs, _): return f + "(" + xs.map(\.writtenText).joined(separator: ", ") + ")"
        case .binary(let op, let a, let b, _):
            let p = op == "+" || op == "-" ? 1 : 2
            return wrap("\(a.text(precedence: p)) \(op) \(b.text(precedence: p + 1))", p)
        case .negate(let a, _): return "-" + a.text(precedence: 3)
        case .after(let n, _): return "after \(n)"
        }
    }
}
