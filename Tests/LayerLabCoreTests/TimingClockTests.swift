import Testing
@testable import LayerLabCore

/// Timing tables derived from Apple's CAMediaTiming documentation: each row samples a clock
/// at a parent time and states the phase, whether it applies, and the iteration-local time.
struct TimingClockTests {
    struct Row: CustomStringConvertible, Sendable {
        var id: String
        var clock: TimingClock
        var at: Double
        var applies: Bool
        var local: Double?
        var description: String { "\(id) @ \(at)" }
    }

    static func clock(begin: Double = 0, duration: Double = 1, speed: Double = 1, offset: Double = 0,
                      repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
                      fill: FillMode = .removed, keeps: Bool = false) -> TimingClock {
        TimingClock(begin: begin, duration: duration, speed: speed, timeOffset: offset, repeatCount: repeatCount,
                    repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: fill,
                    keepsAfterEnd: keeps, timingFunction: nil)
    }

    static let rows: [Row] = [
        // A delay with each fill mode (begin 1, duration 1, kept after the end).
        Row(id: "removed before", clock: clock(begin: 1, fill: .removed, keeps: true), at: 0.5, applies: false, local: nil),
        Row(id: "removed after", clock: clock(begin: 1, fill: .removed, keeps: true), at: 2.5, applies: false, local: nil),
        Row(id: "backwards before", clock: clock(begin: 1, fill: .backwards, keeps: true), at: 0.5, applies: true, local: 0),
        Row(id: "backwards after", clock: clock(begin: 1, fill: .backwards, keeps: true), at: 2.5, applies: false, local: nil),
        Row(id: "forwards before", clock: clock(begin: 1, fill: .forwards, keeps: true), at: 0.5, applies: false, local: nil),
        Row(id: "forwards after", clock: clock(begin: 1, fill: .forwards, keeps: true), at: 2.5, applies: true, local: 1),
        Row(id: "both before", clock: clock(begin: 1, fill: .both, keeps: true), at: 0.5, applies: true, local: 0),
        Row(id: "both after", clock: clock(begin: 1, fill: .both, keeps: true), at: 2.5, applies: true, local: 1),
        Row(id: "forwards but removedOnCompletion", clock: clock(begin: 1, fill: .forwards, keeps: false), at: 2.5,
            applies: false, local: nil),
        // Sample times exactly at begin and end.
        Row(id: "exactly at begin", clock: clock(begin: 1), at: 1, applies: true, local: 0),
        Row(id: "exactly at end, removed", clock: clock(begin: 1), at: 2, applies: false, local: nil),
        Row(id: "exactly at end, forwards", clock: clock(begin: 1, fill: .forwards, keeps: true), at: 2, applies: true, local: 1),
        Row(id: "middle", clock: clock(begin: 1), at: 1.25, applies: true, local: 0.25),
        // repeatCount fractional and infinite.
        Row(id: "repeat 2.5 in 3rd", clock: clock(repeatCount: 2.5), at: 2.25, applies: true, local: 0.25),
        Row(id: "repeat 2.5 end", clock: clock(repeatCount: 2.5), at: 2.5, applies: false, local: nil),
        Row(id: "repeat 2.5 filled end", clock: clock(repeatCount: 2.5, fill: .forwards, keeps: true), at: 3,
            applies: true, local: 0.5),
        Row(id: "repeat 2 filled end", clock: clock(repeatCount: 2, fill: .forwards, keeps: true), at: 5,
            applies: true, local: 1),
        Row(id: "repeat inf far", clock: clock(repeatCount: .infinity), at: 1000.75, applies: true, local: 0.75),
        // repeatDuration.
        Row(id: "repeatDuration 1.5 inside", clock: clock(repeatDuration: 1.5), at: 1.2, applies: true, local: 0.2),
        Row(id: "repeatDuration 1.5 after", clock: clock(repeatDuration: 1.5), at: 1.6, applies: false, local: nil),
        // autoreverses with and without repeats.
        Row(id: "autoreverse forward", clock: clock(autoreverses: true), at: 0.25, applies: true, local: 0.25),
        Row(id: "autoreverse back", clock: clock(autoreverses: true), at: 1.25, applies: true, local: 0.75),
        Row(id: "autoreverse ends at 2", clock: clock(autoreverses: true), at: 2, applies: false, local: nil),
        Row(id: "autoreverse filled end is start", clock: clock(autoreverses: true, fill: .forwards, keeps: true),
            at: 3, applies: true, local: 0),
        Row(id: "autoreverse x2 third leg", clock: clock(repeatCount: 2, autoreverses: true), at: 2.25,
            applies: true, local: 0.25),
        Row(id: "autoreverse x2 fourth leg", clock: clock(repeatCount: 2, autoreverses: true), at: 3.5,
            applies: true, local: 0.5),
        // speed and timeOffset.
        Row(id: "speed 2", clock: clock(duration: 2, speed: 2), at: 0.5, applies: true, local: 1),
        Row(id: "speed 2 ends at 1", clock: clock(duration: 2, speed: 2), at: 1, applies: false, local: nil),
        Row(id: "speed 0.5", clock: clock(speed: 0.5), at: 1, applies: true, local: 0.5),
        Row(id: "timeOffset starts mid-way", clock: clock(offset: 0.5), at: 0, applies: true, local: 0.5),
        Row(id: "timeOffset wraps around", clock: clock(offset: 0.5), at: 0.75, applies: true, local: 0.25),
        Row(id: "timeOffset keeps duration", clock: clock(offset: 0.5), at: 1, applies: false, local: nil),
        Row(id: "speed 0 pauses at offset", clock: clock(begin: 5, speed: 0, offset: 0.3), at: 100, applies: true, local: 0.3),
    ]

    @Test(arguments: rows)
    func row(_ r: Row) {
        let l = r.clock.local(r.at)
        #expect(l.applies == r.applies, "\(r.id): applies")
        if let expected = r.local {
            #expect(abs(l.time - expected) < 1e-9, "\(r.id): local time \(l.time) ≠ \(expected)")
        }
    }

    @Test func activeDurations() {
        #expect(Self.clock(repeatCount: 2.5).activeDuration == 2.5)
        #expect(Self.clock(repeatCount: 2, autoreverses: true).activeDuration == 4)
        #expect(Self.clock(repeatDuration: 3, autoreverses: true).activeDuration == 3)
        #expect(Self.clock(duration: 2, speed: 4).activeDurationInParent == 0.5)
        #expect(Self.clock(repeatCount: .infinity).activeDuration.isInfinite)
    }

    @Test func timingFunctionWarpsIterationTime() {
        var c = Self.clock()
        c.timingFunction = .easeIn
        let l = c.local(0.5)
        #expect(abs(l.time - TimingFunction.easeIn(0.5)) < 1e-12)
        #expect(l.time < 0.5)
    }

    @Test func hostileTimesDoNotCrash() {
        let c = Self.clock(repeatCount: .infinity)
        _ = c.local(.infinity); _ = c.local(-.infinity); _ = c.local(.nan); _ = c.local(1e300)
    }

    /// An endless clock with a huge negative timeOffset sits ~1e300 iterations before its start:
    /// it still maps every time (this crashed converting the iteration to Int).
    @Test func hugeNegativeTimeOffsetMaps() {
        let c = Self.clock(offset: -1e300, repeatCount: .infinity, autoreverses: true)
        for t in [0.0, 0.5, 1, 1e300] {
            let l = c.local(t)
            #expect(l.applies && l.time >= 0 && l.time <= 1, "at \(t): \(l)")
        }
    }
}
