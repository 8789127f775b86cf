import LayerLabCore

/// The line under the frame during `play`: state, time, duration, progress bar, speed, keys.
///
///     ▶ 1.250s / 4.000s  ━━━━━━━━━━──────────  1x  loop   space pause  ←/→ step  +/- speed  r restart  l loop  ? keys  q quit
package struct StatusLine: Sendable {
    package var unicode: Bool
    package var color: Bool
    /// A word after the speed about how frames are drawn (`60% res` when a pixel mode draws
    /// below full size to keep the frame rate); empty for none.
    package var note = ""

    package init(unicode: Bool, color: Bool) { self.unicode = unicode; self.color = color }

    /// The status text for `state` at `now`, fitted to `width` columns (no newline).
    package func text(_ state: PlaybackState, now: Double, width: Int) -> String {
        let t = state.time(at: now)
        let icon = state.paused ? (unicode ? "⏸" : "||") : (unicode ? "▶" : ">")
        let times = "\(icon) \(StatusLine.seconds(t)) / \(StatusLine.seconds(state.to))"
        let speed = StatusLine.speedText(state.speed)
        let loop = (state.loop ? "  loop" : "") + (note.isEmpty ? "" : "  " + note)
        let keys = unicode ? "   space pause  ←/→ step  +/- speed  r restart  l loop  ? keys  q quit"
                           : "   space pause  <-/-> step  +/- speed  r restart  l loop  ? keys  q quit"
        let shortKeys = unicode ? "   ␣ ←/→ +/- r l ? q" : "   spc <-/-> +/- r l ? q"
        // The bar first (10 to 40 cells), then the key help, long or short, if it fits.
        let fixed = times.count + 2 + 2 + speed.count + loop.count
        let barWidth = max(0, min(40, width - fixed - shortKeys.count))
        let bar = barWidth >= 10 ? "  " + self.bar(state.progress(at: now), width: barWidth) : ""
        var line = times + bar + "  " + speed + loop
        if line.count + keys.count <= width {
            line += keys
        } else if line.count + shortKeys.count <= width {
            line += shortKeys
        }
        if line.count > width { line = String(line.prefix(max(0, width))) }
        return line
    }

    /// The whole status row: moved to `row`, cleared, drawn dim where colour is allowed.
    package func draw(_ state: PlaybackState, now: Double, row: Int, width: Int) -> String {
        let body = text(state, now: now, width: width)
        return Escape.moveTo(row: row, column: 1) + Escape.clearLine
            + (color ? Escape.dim + body + Escape.reset : body)
    }

    func bar(_ fraction: Double, width: Int) -> String {
        let f = fraction.isFinite ? min(1, max(0, fraction)) : 0
        let filled = clampedInt((f * Double(width)).rounded(.down), 0, max(0, width))
        let on = unicode ? "━" : "=", off = unicode ? "─" : "-"
        return String(repeating: on, count: filled) + String(repeating: off, count: width - filled)
    }

    /// `1.250s`: three decimals, so frame steps are visible.
    static func seconds(_ t: Double) -> String {
        guard t.isFinite else { return "∞" }
        guard abs(t) < 1e9 else { return formatNumber(t) + "s" }
        let ms = Int((t * 1000).rounded())
        let frac = String(abs(ms % 1000))
        return "\(ms / 1000).\(String(repeating: "0", count: 3 - frac.count))\(frac)s"
    }

    static func speedText(_ s: Double) -> String {
        guard s.isFinite, s > 0 else { return formatNumber(s) + "x" }
        if s >= 1 { return s < 1e9 ? "\(Int(s))x" : formatNumber(s) + "x" }
        let inverse = (1 / s).rounded()
        return "1/" + (inverse < 1e9 ? String(Int(inverse)) : formatNumber(inverse)) + "x"
    }
}
