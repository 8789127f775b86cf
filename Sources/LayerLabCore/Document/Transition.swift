/// CATransition attached to a scheduled change (`at T set card contents=back transition=push`):
/// for `duration` seconds after the change, the layer is drawn moving or fading from how it
/// looked just before the change to how it looks now.
///
/// Only the four public types are modelled; each is drawn from the layer's two states (see
/// `Evaluator+Transition.swift` and docs/transitions.md for what each looks like).
package struct Transition: Hashable, Sendable {
    /// CATransitionType's four public values.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The new state fades in as the old one fades out (a cross-dissolve).
        case fade
        /// The new state slides in from the subtype's side, over the old one, which stays.
        case moveIn
        /// The new state slides in from the subtype's side and pushes the old one out the other.
        case push
        /// The old state slides out towards the side opposite the subtype's, uncovering the new one.
        case reveal
    }

    /// CATransitionSubtype: the side of the layer the transition begins at.
    package enum Subtype: String, Hashable, Sendable, CaseIterable {
        case fromLeft, fromRight, fromTop, fromBottom

        /// The direction the content moves in, in layer coordinates (y grows downwards): a
        /// transition from the right moves content leftwards.
        package var motion: (dx: Double, dy: Double) {
            switch self {
            case .fromLeft: return (1, 0)
            case .fromRight: return (-1, 0)
            case .fromTop: return (0, 1)
            case .fromBottom: return (0, -1)
            }
        }
    }

    package var type: Kind
    /// nil: not given. The moving types then move as `fromLeft` (see `effectiveSubtype`); fade
    /// ignores it, as Core Animation does.
    package var subtype: Subtype?
    /// Seconds; nil is Core Animation's default of a quarter of a second.
    package var duration: Double?
    /// nil is linear, as for any CAAnimation.
    package var timingFunction: TimingFunction?
    /// The part of the transition shown: progress runs from `startProgress` to `endProgress`
    /// over the duration (0 and 1 by default), then the layer shows its new state.
    package var startProgress: Double = 0
    package var endProgress: Double = 1

    package init(type: Kind, subtype: Subtype? = nil, duration: Double? = nil, timingFunction: TimingFunction? = nil,
                startProgress: Double = 0, endProgress: Double = 1) {
        self.type = type; self.subtype = subtype; self.duration = duration; self.timingFunction = timingFunction
        self.startProgress = startProgress; self.endProgress = endProgress
    }

    /// The duration the transition runs for: a missing or zero duration is 0.25 s.
    package var activeDuration: Double {
        guard let d = duration, d > 0, d.isFinite else { return MediaTiming.defaultDuration }
        return d
    }

    /// The side the moving types start from when none is given.
    package var effectiveSubtype: Subtype { subtype ?? .fromLeft }

    /// The attribute names the command language and project files use, in help order.
    package static let attributeNames = ["transition", "subtype", "duration", "timingFunction", "startProgress", "endProgress"]

    /// How far the transition has gone at `elapsed` seconds after the change: nil outside
    /// `[0, activeDuration)` (before, the change has not happened; after, the transition is
    /// removed and the layer shows its new state).
    package func progress(elapsed: Double) -> Double? {
        let d = activeDuration
        guard elapsed >= 0, elapsed < d else { return nil }
        let u = elapsed / d
        let eased = timingFunction.map { $0(u) } ?? u
        return startProgress + (endProgress - startProgress) * eased
    }
}

extension Transition {
    /// Throws unless the transition is one Core Animation accepts: a finite, non-negative
    /// duration and progress within 0…1 with `startProgress ≤ endProgress` (Apple leaves the
    /// reverse undefined, so it is refused).
    package func validate() throws(EditError) {
        if let d = duration, !(d.isFinite && d >= 0) {
            throw .outOfRange(keyPath: "duration", .nonNegative, found: d)
        }
        for (name, v) in [("startProgress", startProgress), ("endProgress", endProgress)] where !ValueRange.unit.contains(v) {
            throw .outOfRange(keyPath: name, .unit, found: v)
        }
        if startProgress > endProgress {
            throw .invalidTiming(attribute: "endProgress", reason: "must not be less than startProgress (\(formatNumber(startProgress)))")
        }
    }
}
