import LayerLabCore

/// Numbers that are valid but almost certainly in the wrong unit: a rotation of many turns
/// written as a bare number (radians, where degrees were meant), a time over a minute written
/// as a bare number (seconds, where milliseconds were meant). A note, never a refusal.
extension Session {
    /// A bare angle beyond this many turns gets a note.
    static let notedTurns = 3.0
    /// A bare time beyond this many seconds gets a note.
    static let notedSeconds = 60.0

    /// One line for each argument with such a number; `keyPath` is the animated or set key
    /// path the values are for (nil for a group's timing).
    func unitNotes(_ arguments: [Argument], keyPath: LayerKeyPath?) -> [String] {
        var out: [String] = []
        let angular = keyPath.map { Quantity.of($0.name) == .angle } ?? false
        for a in arguments {
            let key = a.key.text
            if let attribute = MediaTiming.attribute(named: key), attribute.kind == .seconds || attribute.kind == .time {
                if case .number(let v, nil, _) = a.value, v > Session.notedSeconds {
                    out.append("note: \(key)=\(formatNumber(v)) is \(Session.minutes(v)); "
                               + "\(formatNumber(v))ms is \(formatNumber(v / 1000))s")
                }
            } else if angular || key == keyPath?.name {
                for v in Session.bareNumbers(a.value) where abs(v) / (2 * .pi) > Session.notedTurns {
                    out.append("note: \(formatNumber(v)) rad is \(formatNumber((v / (2 * .pi) * 10).rounded() / 10)) turns; "
                               + "\(formatNumber(v))deg is \(Session.turns(v / 360))")
                    break
                }
            }
        }
        return out
    }

    /// An animated birth rate beyond what the emission draws (`birthRate`'s upper bound, the
    /// particles a cell may emit a second) is kept as written, but drawn at the bound: said once,
    /// so a rate that looks capped on screen is not a mystery.
    static func birthRateNote(_ anim: Animation, keyPath: LayerKeyPath) -> String? {
        guard keyPath.name == "birthRate", let bound = keyPath.range.upperBound else { return nil }
        let values: [Value?]
        switch anim.body {
        case .basic(let b): values = [b.from, b.to, b.by]
        case .spring(let s): values = [s.from, s.to, s.by]
        case .keyframes(let k): values = k.values
        case .group: return nil
        }
        guard let over = values.compactMap({ $0?.number }).first(where: { !($0 <= bound) }) else { return nil }
        return "note: birthRate \(formatNumber(over)) is drawn as \(formatNumber(bound)) a second, "
            + "the most particles a cell emits (emitter × cell birth rates are capped there)"
    }

    /// The numbers written without a unit in a value (a list's elements too).
    static func bareNumbers(_ e: Expr) -> [Double] {
        switch e {
        case .number(let v, nil, _): return [v]
        case .negate(.number(let v, nil, _), _): return [-v]
        case .list(let xs, _): return xs.flatMap(bareNumbers)
        default: return []
        }
    }

    /// "8 min 20 s".
    static func minutes(_ seconds: Double) -> String {
        let m = (seconds / 60).rounded(.down), s = seconds - m * 60
        return "\(formatNumber(m)) min" + (s > 0.0005 ? " \(formatNumber((s * 1000).rounded() / 1000)) s" : "")
    }

    /// "half a turn", "a quarter turn", "2 turns".
    static func turns(_ t: Double) -> String {
        switch abs(t) {
        case 0.25: return "a quarter turn"
        case 0.5: return "half a turn"
        case 1: return "a full turn"
        default: return "\(formatNumber((t * 1000).rounded() / 1000)) turns"
        }
    }
}
