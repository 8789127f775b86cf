/// Seconds on a monotonic clock (`ContinuousClock`), counted from when the value was made.
///
/// Never goes backwards and never jumps with the wall clock, so playback pacing and the
/// playhead stay right across NTP corrections and suspends.
package struct MonotonicClock: Sendable {
    private let start = ContinuousClock.now

    package init() {}

    /// One clock for the whole process (for intervals, where the start does not matter).
    package static let shared = MonotonicClock()

    /// Seconds since `init`.
    package var now: Double {
        let d = start.duration(to: .now).components
        return Double(d.seconds) + Double(d.attoseconds) * 1e-18
    }
}
