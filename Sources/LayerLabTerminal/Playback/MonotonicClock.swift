/// Seconds on a monotonic clock (`ContinuousClock`), counted from when the value was made.
///
/// Never goes backwards and never jumps with the wall clock, so playback pacing and the
/// playhead stay right across NTP corrections and suspends.
public struct MonotonicClock: Sendable {
    private let start = ContinuousClock.now

    public init() {}

    /// One clock for the whole process (for intervals, where the start does not matter).
    public static let shared = MonotonicClock()

    /// Seconds since `init`.
    public var now: Double {
        let d = start.duration(to: .now).components
        return Double(d.seconds) + Double(d.attoseconds) * 1e-18
    }
}
