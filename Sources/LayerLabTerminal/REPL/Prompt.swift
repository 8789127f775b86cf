import LayerLabCore

/// The REPL's prompt: `layerlab> `, with `*` for unsaved changes and the scene time once it is
/// not zero (`layerlab 1.25s*> `), and while a command continues `...> ` naming what is open:
/// `...(> `, `...{ group wobble> `, `...\> `.
///
/// Coloured only when `color` is true (a terminal without NO_COLOR or TERM=dumb); the colour
/// codes are the only difference, so tests can read the plain form.
package struct Prompt: Equatable, Sendable {
    package var dirty: Bool
    /// The scene time to show; nil hides it.
    package var time: Double?
    package var continuing: Bool
    /// What keeps the command open (`Session.openInput`), shown after the dots.
    package var open: String?

    package init(dirty: Bool, time: Double?, continuing: Bool, open: String? = nil) {
        self.dirty = dirty; self.time = time; self.continuing = continuing; self.open = open
    }

    package static let continuation = "...> "

    package func text(color: Bool) -> String {
        // NB: libedit drops an escape at the very end of a prompt, so the reset goes before the
        // final space, or the dim would carry over into the typed text.
        if continuing {
            let dots = "..." + (open ?? "") + ">"
            return color ? Escape.dim + dots + Escape.reset + " " : dots + " "
        }
        let name = color ? "\u{1B}[1;36mlayerlab\u{1B}[0m" : "layerlab"
        let time = self.time.map { t in " " + (color ? "\u{1B}[33m\(Prompt.seconds(t))\u{1B}[0m" : Prompt.seconds(t)) } ?? ""
        let star = dirty ? (color ? "\u{1B}[1;31m*\u{1B}[0m" : "*") : ""
        return name + time + star + "> "
    }

    /// Seconds in the shortest form that keeps milliseconds: `1.25s`, `2s`, `0.333s`.
    static func seconds(_ t: Double) -> String {
        // NB: past a billion seconds milliseconds say nothing (and t · 1000 may not fit an Int).
        guard t.isFinite, abs(t) < 1e9 else { return formatNumber(t) + "s" }
        var ms = Int((abs(t) * 1000).rounded())
        let sign = t < 0 && ms > 0 ? "-" : ""
        let whole = ms / 1000
        ms %= 1000
        guard ms > 0 else { return "\(sign)\(whole)s" }
        var frac = String(ms)
        frac = String(repeating: "0", count: 3 - frac.count) + frac
        while frac.last == "0" { frac.removeLast() }
        return "\(sign)\(whole).\(frac)s"
    }
}
