import LayerLabCore

/// A value as written, before the command that uses it gives it a type.
///
/// `rect(0, 0, 10, 10)` is a rect for `bounds` and a path for `path`; `red` is a colour for
/// `fillColor` and a path name for `path`. So the parser keeps the written form and
/// `ValueReader` types it once it knows the key path.
package indirect enum Expr: Hashable, Sendable {
    case number(Double, unit: String?, SourceRange)
    case size(Double, Double, SourceRange)
    case word(String, SourceRange)
    case string(String, SourceRange)
    case hexColor(String, SourceRange)
    /// `(a, b)`; a single element without a comma is just parentheses.
    case tuple([Expr], SourceRange)
    case list([Expr], SourceRange)
    case call(String, [Expr], SourceRange)
    case binary(Character, Expr, Expr, SourceRange)
    case negate(Expr, SourceRange)
    /// `after NAME`, the same as `NAME.end`.
    case after(String, SourceRange)

    package var range: SourceRange {
        switch self {
        case .number(_, _, let r), .size(_, _, let r), .word(_, let r), .string(_, let r), .hexColor(_, let r),
             .tuple(_, let r), .list(_, let r), .call(_, _, let r), .binary(_, _, _, let r), .negate(_, let r),
             .after(_, let r):
            return r
        }
    }

    /// How the value is named in "expected X, found Y" messages.
    var described: String {
        switch self {
        case .number(_, let u, _): return u == nil ? "a number" : "a number in \(u!)"
        case .size: return "a size"
        case .word(let w, _): return "'\(escapeForTerminal(w))'"
        case .string: return "a string"
        case .hexColor: return "a colour"
        case .tuple(let xs, _): return xs.count == 2 ? "a point" : "a tuple of \(xs.count)"
        case .list: return "a list"
        case .call(let n, _, _): return "\(escapeForTerminal(n))(…)"
        case .binary, .negate: return "an arithmetic expression"
        case .after: return "a time"
        }
    }
}
