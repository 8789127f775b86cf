/// The functions a value may be written with (`rect(x, y, w, h)`, `rgba(r, g, b, a)`), each
/// declared once: the reader's usage messages, Tab completion after `path=` and the dim hint
/// shown inside the parentheses all come from here.
package struct ValueFunction: Sendable, Hashable {
    package enum Kind: Sendable, Hashable { case path, color, rect, size, timing }

    package var name: String
    package var parameters: [String]
    package var kind: Kind

    /// `rect(x, y, w, h)`.
    package var signature: String { "\(name)(\(parameters.joined(separator: ", ")))" }

    package static let all: [ValueFunction] = [
        .init(name: "oval", parameters: ["x", "y", "w", "h"], kind: .path),
        .init(name: "circle", parameters: ["cx", "cy", "r"], kind: .path),
        .init(name: "rect", parameters: ["x", "y", "w", "h"], kind: .path),
        .init(name: "roundedRect", parameters: ["x", "y", "w", "h", "r"], kind: .path),
        .init(name: "arc", parameters: ["cx", "cy", "r", "start", "end", "clockwise"], kind: .path),
        .init(name: "polygon", parameters: ["(x, y)", "(x, y)", "…"], kind: .path),
        .init(name: "line", parameters: ["(x, y)", "(x, y)", "…"], kind: .path),
        .init(name: "polyline", parameters: ["(x, y)", "(x, y)", "…"], kind: .path),
        .init(name: "svg", parameters: ["\"M x y L x y … Z\""], kind: .path),
        .init(name: "rgb", parameters: ["r", "g", "b"], kind: .color),
        .init(name: "rgba", parameters: ["r", "g", "b", "a"], kind: .color),
        .init(name: "color", parameters: ["r", "g", "b", "a"], kind: .color),
        .init(name: "size", parameters: ["w", "h"], kind: .size),
        .init(name: "cubic", parameters: ["x1", "y1", "x2", "y2"], kind: .timing),
    ]

    /// The functions that make a path, in help order (`polyline` is `line`'s other name).
    package static let pathFunctions: [String] = all.filter { $0.kind == .path && $0.name != "polyline" }.map(\.name)

    /// The function called `name`, if any.
    package static func named(_ name: String) -> ValueFunction? { all.first { $0.name == name } }

    /// `rect(x, y, w, h)` for `name`; the name alone when it is not a value function.
    package static func signature(_ name: String) -> String { named(name)?.signature ?? name }

    /// The innermost function call still open at the end of `text` (`path=rect(10, ` → `rect`;
    /// `polygon((0, 0), (` → `polygon`), skipping quoted text; nil when none is open.
    package static func openCall(in text: String) -> ValueFunction? {
        var stack: [String?] = []
        var word = ""
        var quoted = false, escaped = false
        for c in text {
            if quoted {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { quoted = false }
                continue
            }
            switch c {
            case "\"": quoted = true; word = ""
            case "(":
                stack.append(word.isEmpty ? nil : word)
                word = ""
            case ")":
                if !stack.isEmpty { stack.removeLast() }
                word = ""
            default:
                if c.isLetter || c.isNumber || c == "_" { word.append(c) } else { word = "" }
            }
        }
        for name in stack.reversed() {
            if let name, let f = named(name) { return f }
        }
        return nil
    }
}
