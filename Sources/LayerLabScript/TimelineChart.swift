import LayerLabCore

/// The `timeline` chart: a row per animation and event over scene time.
///
///                 0           1           2  now 2.2                4.75 s
///     expand     |===·························:·······················| 0 – 0.3 (fills)
///     wobble     |   ===========|============ :                       | 0.3 – 2.7 (2×)
///     label.at   |                            :             ^          | at 4.35
///
/// Bars mark active intervals: `=` forwards, `~` autoreversing, `|` where a repetition starts,
/// `·` while the animation fills before or after, `^` a scheduled change, `:` the current time.
/// A pure function of the document, so it is tested as text.
package enum TimelineChart {
    package static let legend = "= active  ~ reversing  | next repetition  · filling  > goes on  ^ change  : now"

    /// - Parameter columns: the terminal's width, when known: the chart narrows (to 16 cells at
    ///   least) so each row and the legend fit it.
    package static func render(_ doc: Document, now: Double, width: Int = 48, columns: Int? = nil) -> String {
        let ev = Evaluator(document: doc)
        let names = doc.animations.map(\.name) + doc.events.map(\.name)
        guard !names.isEmpty else { return "(no animations or events)" }
        let total = max(ev.sceneDuration, now.isFinite ? now : 0, 0.001)
        let nameWidth = min(columns.map { max(8, $0 / 4) } ?? 28, 28, names.map { escapeForTerminal($0).count }.max() ?? 0)
        // Room for "NAME |bar| 0.6 – inf (forever)".
        let width = columns.map { max(16, min(width, $0 - nameWidth - 4 - 20)) } ?? width
        func col(_ t: Double) -> Int { clampedInt((t / total * Double(width)).rounded(.down), 0, width - 1) }
        func time(_ c: Int) -> Double { (Double(c) + 0.5) / Double(width) * total }
        let nowCol = now >= 0 && now <= total ? col(now) : nil

        var out = [header(total: total, width: width, indent: nameWidth + 2, now: now, nowCol: nowCol)]
        for a in doc.animations {
            let begin = ev.beginValue(a.timing.beginTime)
            let d = ev.duration(of: a, groupDuration: nil)
            let clock = ev.clock(for: a, begin: begin, duration: d, isChild: false)
            var row = [Character](repeating: " ", count: width)
            var lastIteration = -1
            for c in 0..<width {
                let l = clock.local(time(c))
                switch l.phase {
                case .active:
                    let reversing = a.timing.autoreverses && l.iteration % 2 == 1
                    let newRepetition = lastIteration >= 0 && l.iteration != lastIteration
                        && (!a.timing.autoreverses || l.iteration % 2 == 0)
                    row[c] = newRepetition ? "|" : (reversing ? "~" : "=")
                    lastIteration = l.iteration
                case .before, .after:
                    if l.applies { row[c] = "·" }
                }
            }
            let end = begin + clock.activeDurationInParent
            if end > total { row[width - 1] = ">" }
            if begin < total, col(begin) < width, row[col(begin)] == " " { row[col(begin)] = "=" }
            var span = "\(formatNumber(begin)) – \(end.isFinite ? formatNumber(end) : "inf")"
            let repeats = clock.activeDuration / (d * (a.timing.autoreverses ? 2 : 1))
            if repeats.isFinite && abs(repeats - 1) > 1e-9 { span += " (\(formatNumber(repeats))×)" }
            if !repeats.isFinite { span += " (forever)" }
            out.append(line(a.name, row, span, nameWidth, nowCol))
        }
        for e in doc.events {
            guard let iv = ev.interval(of: e.name) else { continue }
            var row = [Character](repeating: " ", count: width)
            if iv.begin >= 0 && iv.begin <= total { row[col(iv.begin)] = "^" }
            out.append(line(e.name, row, "at \(formatNumber(iv.begin))" + (e.animated ? " (animated)" : ""),
                            nameWidth, nowCol))
        }
        out += legendLines(fitting: columns.map { $0 - nameWidth - 3 }).map { String(repeating: " ", count: nameWidth + 2) + $0 }
        return out.joined(separator: "\n")
    }

    /// The legend on one line, or broken between its entries to fit `width`.
    static func legendLines(fitting width: Int?) -> [String] {
        guard let width, legend.count > width else { return [legend] }
        var lines: [String] = []
        var current = ""
        for entry in legend.split(separator: "  ").map(String.init) {
            if !current.isEmpty && current.count + 2 + entry.count > width {
                lines.append(current)
                current = entry
            } else {
                current += (current.isEmpty ? "" : "  ") + entry
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    private static func line(_ name: String, _ row: [Character], _ span: String, _ nameWidth: Int, _ nowCol: Int?) -> String {
        var row = row
        if let c = nowCol, row[c] == " " { row[c] = ":" }
        let e = escapeForTerminal(name)
        let label = e.count > nameWidth ? String(e.prefix(nameWidth - 1)) + "…" : e
        return label.padding(nameWidth) + " |" + String(row) + "| " + span
    }

    /// Scene time along the top: a tick label about every eighth of the width, the current
    /// time over its column, the total at the right.
    private static func header(total: Double, width: Int, indent: Int, now: Double, nowCol: Int?) -> String {
        var chars = [Character](repeating: " ", count: width + 12)
        func put(_ text: String, at c: Int) {
            guard c >= 0, c + text.count <= chars.count else { return }
            guard chars[max(0, c - 1)..<min(chars.count, c + text.count + 1)].allSatisfy({ $0 == " " }) else { return }
            for (i, ch) in text.enumerated() { chars[c + i] = ch }
        }
        if let nowCol, now > 0 { put("now \(formatNumber(now))", at: nowCol) }
        put("0", at: 0)
        put(formatNumber(total) + " s", at: width)
        let step = niceStep(total / 6)
        var t = step
        while t < total - step / 2 && t / step < 20 {
            put(formatNumber(t), at: clampedInt((t / total * Double(width)).rounded(.down), 0, width))
            t += step
        }
        return String(repeating: " ", count: indent) + String(chars).trimmingTrailingSpaces
    }

    /// 1, 2 or 5 times a power of ten, near `x`.
    private static func niceStep(_ x: Double) -> Double {
        guard x > 0, x.isFinite else { return 1 }
        var p = 1.0
        while p * 10 <= x { p *= 10 }
        while p > x { p /= 10 }
        for m in [1.0, 2, 5, 10] where p * m >= x { return p * m }
        return p * 10
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
