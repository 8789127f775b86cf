import LayerLabCore

/// The duration rules of LayerLab's evaluator, restated for exporters that must write every
/// duration out explicitly.
///
/// NB: `Evaluator` keeps these rules internal; Core Animation's own defaults differ (0.25 s for
/// an untimed group, a spring's duration independent of its settling), so an export that left a
/// duration out would play differently. Keep in step with `Evaluator+Durations.swift`.
struct ExportTiming {
    let evaluator: Evaluator

    init(_ evaluator: Evaluator) { self.evaluator = evaluator }

    /// The effective duration of `a`; `groupDuration` is the enclosing non-sequence group's.
    func duration(of a: Animation, groupDuration: Double?) -> Double {
        if let d = a.timing.duration, d > 0 { return d }
        switch a.body {
        case .basic, .keyframes: return groupDuration ?? 0.25
        case .spring(let s): return ExportTiming.solver(s, duration: a.timing.duration).settlingDuration
        case .group(let g): return childExtent(g)
        }
    }

    /// The active duration seen from the parent: repeats, autoreverse and speed applied.
    static func activeDurationInParent(_ t: MediaTiming, duration: Double) -> Double {
        let active: Double
        if t.repeatDuration > 0 { active = t.repeatDuration } else {
            active = duration * (t.repeatCount > 0 ? t.repeatCount : 1) * (t.autoreverses ? 2 : 1)
        }
        return t.speed == 0 ? .infinity : active / abs(t.speed)
    }

    /// Each child's begin (in group time) and duration, sequences laid end to end.
    func childSlots(_ g: Animation.Group, groupDuration d: Double) -> [(animation: Animation, begin: Double, duration: Double)] {
        var cursor = 0.0
        return g.children.map { c in
            let offset = beginValue(c.timing.beginTime)
            if g.sequence {
                let cd = duration(of: c, groupDuration: nil)
                let begin = cursor + offset
                cursor = begin + ExportTiming.activeDurationInParent(c.timing, duration: cd)
                return (c, begin, cd)
            }
            return (c, offset, duration(of: c, groupDuration: d))
        }
    }

    /// The end of the last timed child (0.25 s when no child is timed).
    func childExtent(_ g: Animation.Group) -> Double {
        var extent = 0.0, timed = false, cursor = 0.0
        for c in g.children {
            let offset = beginValue(c.timing.beginTime)
            let isTimed: Bool
            switch c.body {
            case .basic, .keyframes: isTimed = (c.timing.duration ?? 0) > 0 || g.sequence
            case .spring, .group: isTimed = true
            }
            let begin = g.sequence ? cursor + offset : offset
            if isTimed {
                let end = begin + ExportTiming.activeDurationInParent(c.timing, duration: duration(of: c, groupDuration: nil))
                cursor = end
                if end.isFinite { extent = max(extent, end); timed = true }
            }
        }
        return timed ? extent : 0.25
    }

    /// A time expression's value; unknown names count as 0, as in the evaluator.
    func beginValue(_ e: TimeExpr) -> Double {
        e.constant ?? e.evaluate { evaluator.interval(of: $0) } ?? 0
    }

    /// The physical spring behind either form (UIKit's form mapped as `SpringSolver` documents).
    static func solver(_ s: Animation.Spring, duration: Double?) -> SpringSolver {
        switch s.form {
        case .physics(let m, let k, let c, let v):
            return SpringSolver(mass: m, stiffness: k, damping: c, initialVelocity: v)
        case .dampingRatio(let z, let v):
            return SpringSolver(dampingRatio: z, initialVelocity: v, duration: duration ?? 0.5)
        }
    }
}
