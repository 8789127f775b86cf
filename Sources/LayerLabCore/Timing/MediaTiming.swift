/// What happens outside an animation's active interval.
package enum FillMode: String, Hashable, Sendable, CaseIterable {
    case removed, forwards, backwards, both
}

/// The CAMediaTiming attributes of an animation or group.
///
/// `duration` nil means "not given": 0.25 s for a basic or keyframe animation, the group's
/// duration for a group child, the settling duration for a spring, the extent of the
/// children for a group (see `Evaluator`'s duration rules).
package struct MediaTiming: Hashable, Sendable {
    /// What a duration of 0 (or none) means, for an animation as for an implicit change:
    /// Core Animation's default of a quarter of a second.
    package static let defaultDuration = 0.25
    /// `defaultDuration` as help and messages write it (a literal, not a formatted number: the
    /// command table that quotes it is built at every start).
    package static let defaultDurationText = "0.25"

    /// In the parent's time: scene time (through the layer's clock) or the group's time.
    package var beginTime: TimeExpr = .zero
    package var duration: Double? = nil
    package var speed: Double = 1
    package var timeOffset: Double = 0
    /// 0 means once; `.infinity` forever; fractions allowed.
    package var repeatCount: Double = 0
    /// When > 0, the active duration, overriding repeatCount.
    package var repeatDuration: Double = 0
    package var autoreverses: Bool = false
    package var fillMode: FillMode = .removed
    package var removedOnCompletion: Bool = true
    /// nil is linear, as for CAAnimation.
    package var timingFunction: TimingFunction? = nil
    /// Add the animated value to the value beneath instead of replacing it.
    package var additive: Bool = false
    /// Each repetition adds to where the last one ended (CAPropertyAnimation's `isCumulative`):
    /// repetition k shows its own value plus k times the value a repetition ends on.
    package var cumulative: Bool = false

    package init() {}
}
