/// The keys of `play`: the list `?` shows over the frame, and the same text for `help play`.
package enum PlayKeys {
    /// Key and what it does, in the order the list shows them.
    package static let keys: [(key: String, does: String)] = [
        ("space", "pause / resume (from the start once it has ended)"),
        ("← →", "pause and step one frame back / on"),
        ("+ -", "speed ×2 / ÷2 (1/8x to 8x)"),
        ("Home End", "jump to the start / to the last frame (paused)"),
        ("r", "restart from the start"),
        ("l", "loop on / off"),
        ("?", "this list (any key closes it)"),
        ("q Esc Ctrl-C", "stop; the last frame stays on the screen"),
    ]

    /// The list as plain lines, for help texts.
    package static var lines: [String] {
        let width = keys.map(\.key.count).max() ?? 0
        return keys.map { $0.key + String(repeating: " ", count: width - $0.key.count) + "  " + $0.does }
    }

    /// The list drawn as a framed box in the middle of a `columns`×`rows` area (cursor moves
    /// and text only; reverse video marks the title).
    static func overlay(columns: Int, rows: Int, unicode: Bool) -> String {
        let body = ["Keys while playing"] + lines
        let inner = min(max(0, columns - 4), (body.map(\.count).max() ?? 0) + 2)
        guard inner > 4, rows >= 3 else { return "" }
        let shown = Array(body.prefix(max(0, rows - 2)))
        let (h, v, tl, tr, bl, br) = unicode ? ("─", "│", "┌", "┐", "└", "┘") : ("-", "|", "+", "+", "+", "+")
        let left = 1 + max(0, (columns - inner - 2) / 2)
        let top = 1 + max(0, (rows - shown.count - 2) / 2)
        var out = Escape.reset + Escape.moveTo(row: top, column: left) + tl + String(repeating: h, count: inner) + tr
        for (i, line) in shown.enumerated() {
            var text = " " + line
            if text.count > inner { text = String(text.prefix(inner)) }
            text += String(repeating: " ", count: inner - text.count)
            let styled = i == 0 ? Escape.bold + text + Escape.reset : text
            out += Escape.moveTo(row: top + 1 + i, column: left) + v + styled + v
        }
        out += Escape.moveTo(row: top + 1 + shown.count, column: left) + bl + String(repeating: h, count: inner) + br
        return out
    }
}
