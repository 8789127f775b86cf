/// Where a timing object stands relative to its active interval.
package enum TimingPhase: String, Hashable, Sendable {
    case before, active, after
}

/// The result of mapping a parent time into a timing object's time, as CAMediaTiming does.
package struct LocalTime: Hashable, Sendable {
    package var phase: TimingPhase
    /// Whether the object contributes a value now (active, or filling).
    package var applies: Bool
    /// Time within the current iteration, 0…duration, after autoreverse and the timing
    /// function; meaningful when `applies`.
    package var time: Double
    /// Which iteration (0-based) the time falls in.
    package var iteration: Int
}

/// The CAMediaTiming mapping from parent time to local time.
///
/// `t = (tParent − beginTime) · speed + timeOffset`; the active interval is
/// `[0, activeDuration)` of `(tParent − beginTime) · speed`; `timeOffset` shifts where the
/// animation starts within it and wraps around, so the total duration is unchanged
/// (frames A B C D E with an offset at C play C D E A B).
package struct TimingClock: Hashable, Sendable {
    package var begin: Double
    package var duration: Double
    package var speed: Double
    package var timeOffset: Double
    package var repeatCount: Double
    package var repeatDuration: Double
    package var autoreverses: Bool
    package var fillMode: FillMode
    /// Whether the object stays after its active interval (group children always do).
    package var keepsAfterEnd: Bool
    package var timingFunction: TimingFunction?

    /// The active duration in the object's own time: repeatDuration, else
    /// duration × max(repeatCount, 1) × (2 with autoreverses).
    package var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        let count = repeatCount > 0 ? repeatCount : 1
        return duration * count * (autoreverses ? 2 : 1)
    }

    /// The active duration seen from the parent's time (infinite when speed is 0).
    package var activeDurationInParent: Double {
        speed == 0 ? .infinity : activeDuration / abs(speed)
    }

    /// Maps parent time `tp` to local time.
    package func local(_ tp: Double) -> LocalTime { local(tp, active: activeDuration) }

    /// The same with `activeDuration` computed beforehand (an evaluator keeps it per animation).
    func local(_ tp: Double, active: Double) -> LocalTime {
        FrameClock(self, active: active).local(tp, curve: timingFunction)
    }
}

/// What a frame reads of a `TimingClock`, in 48 bytes: the repeat fields are folded into
/// `active`, and the timing function is passed in (an evaluator keeps its tracks' curves in
/// a pool), so thousands of animations stay within the processor's cache.
struct FrameClock: Sendable {
    var begin: Double
    var speed: Double
    var timeOffset: Double
    var duration: Double
    /// `TimingClock.activeDuration`.
    var active: Double
    var autoreverses: Bool
    var fillMode: FillMode
    var keepsAfterEnd: Bool

    init(_ c: TimingClock, active: Double) {
        begin = c.begin; speed = c.speed; timeOffset = c.timeOffset; duration = c.duration
        self.active = active
        autoreverses = c.autoreverses; fillMode = c.fillMode; keepsAfterEnd = c.keepsAfterEnd
    }

    /// Maps parent time `tp` to local time, `curve` being the clock's timing function.
    func local(_ tp: Double, curve timingFunction: TimingFunction?) -> LocalTime {
        var elapsed = (tp - begin) * speed
        if elapsed.isNaN { elapsed = 0 }
        var phase = TimingPhase.active
        var raw = elapsed
        if elapsed < 0 {
            phase = .before; raw = 0
        } else if elapsed >= active {
            phase = .after; raw = active
        }
        let applies: Bool
        switch phase {
        case .active: applies = true
        case .before: applies = fillMode == .backwards || fillMode == .both
        case .after: applies = (fillMode == .forwards || fillMode == .both) && keepsAfterEnd
        }
        var at = raw + timeOffset
        var atEnd = phase == .after
        if timeOffset != 0, active.isFinite, active > 0 {
            at = at.truncatingRemainder(dividingBy: active)
            if at < 0 { at += active }
            if phase == .after { atEnd = at == 0 }
            if atEnd { at = active }
        }
        let d = duration > 0 ? duration : MediaTiming.defaultDuration
        if !at.isFinite { at = 0 }
        var k = (at / d).rounded(.down)
        var u = at - k * d
        if (atEnd || at >= active) && u == 0 && k > 0 { k -= 1; u = d }
        if u > d { u = d }
        // A huge negative timeOffset on an endless clock puts `at` far below 0: clamp both ways.
        let iteration = k.isFinite ? truncatedInt(max(-1e15, min(k, 1e15))) : 0
        if autoreverses && iteration % 2 == 1 { u = d - u }
        if let tf = timingFunction { u = tf(u / d) * d }
        return LocalTime(phase: phase, applies: applies, time: u, iteration: iteration)
    }
}
