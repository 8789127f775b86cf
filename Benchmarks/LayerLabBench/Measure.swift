#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` repeatedly and returns the median and best wall time of one run, in ms.
func time(runs: Int = 25, warmup: Int = 3, _ body: () -> Void) -> (median: Double, best: Double) {
    for _ in 0..<warmup { body() }
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    let clock = ContinuousClock()
    for _ in 0..<runs {
        samples.append(milliseconds(clock.measure { body() }))
    }
    samples.sort()
    return (samples[samples.count / 2], samples[0])
}

/// The processor time this process has used so far, every thread counted, in ms (a peer
/// that draws on worker threads is charged for them).
func processCPUMilliseconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) * 1e-6
}

func milliseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15
}

/// Prints one figure: label, median and best.
@discardableResult
func measure(_ label: String, runs: Int = 25, warmup: Int = 3, _ body: () -> Void) -> Double {
    let t = time(runs: runs, warmup: warmup, body)
    report(label, "median \(fixed(t.median, 3)) ms   best \(fixed(t.best, 3)) ms")
    return t.median
}

/// A labelled line, the label padded to one column.
func report(_ label: String, _ value: String) {
    let padded = label.count < 66 ? label + String(repeating: " ", count: 66 - label.count) : label
    print(padded + " " + value)
}

/// A ratio line: LayerLab's time over a peer's, with the target when there is one.
func ratio(_ label: String, _ ours: Double, _ peer: Double, target: Double? = nil) {
    let r = ours / peer
    var line = "\(fixed(r, 2))x"
    if let target { line += "   target ≤ \(fixed(target, 2))x: " + verdict(r <= target, "ratio " + label) }
    report("  ratio " + label, line)
}

/// A figure beside its absolute target.
func target(_ label: String, _ value: Double, atMost limit: Double, unit: String) {
    report("  target " + label, "\(fixed(value, 3)) \(unit) ≤ \(fixed(limit, 3)) \(unit): " + verdict(value <= limit, label))
}

/// A figure beside the least it should reach (frames a second, inputs a second).
func target(_ label: String, _ value: Double, atLeast floor: Double, unit: String) {
    report("  target " + label, "\(fixed(value, 1)) \(unit) ≥ \(fixed(floor, 1)) \(unit): " + verdict(value >= floor, label))
}

/// `v` with `digits` decimals (no Foundation formatting).
func fixed(_ v: Double, _ digits: Int) -> String {
    guard v.isFinite else { return "\(v)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let n = (abs(v) * scale).rounded()
    let whole = Int(n / scale), frac = Int(n - Double(whole) * scale)
    var f = String(frac)
    while f.count < digits { f = "0" + f }
    let padded = (v < 0 ? "-" : "") + String(whole) + (digits > 0 ? "." + f : "")
    return String(repeating: " ", count: max(0, 9 - padded.count)) + padded
}

/// The targets missed so far in this run, by label: `--check` exits 1 when any is.
nonisolated(unsafe) var missedTargets: [String] = []

/// "met" or "NOT met", remembering a miss for `--check`. Every target line goes through here,
/// so a new target is checked without further wiring.
func verdict(_ met: Bool, _ label: String) -> String {
    if !met { missedTargets.append(label.trimmingSpaces) }
    return met ? "met" : "NOT met"
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}

/// Times `bodies` in turn and returns each one's median wall time and median processor time
/// (every thread counted) per call, in ms.
///
/// Each sample is a batch of calls about `sampleMs` long, so a timer tick or a preemption is
/// small beside it (a Lottie frame can take 2 µs); taking turns puts them under the same
/// conditions, where timing one after the other charged whichever ran first for the caches and
/// pages the bench's child processes had just disturbed. A peer timed once for two of ours is
/// one figure for both comparisons.
func interleavedMedians(samples: Int, sampleMs: Double = 1, _ bodies: [() -> Void]) -> [(wall: Double, cpu: Double)] {
    let clock = ContinuousClock()
    /// How many calls make a sample: from the best of a few timed calls after a warm-up.
    func batch(_ body: () -> Void) -> Int {
        body(); body()
        var best = Double.infinity
        for _ in 0..<3 { best = min(best, milliseconds(clock.measure(body))) }
        return max(1, min(100_000, Int((sampleMs / max(best, 1e-6)).rounded(.up))))
    }
    let counts = bodies.map(batch)
    var wall = [[Double]](repeating: [], count: bodies.count), cpu = wall
    for _ in 0..<samples {
        for (k, body) in bodies.enumerated() {
            // One call untimed first: a peer's worker threads are up and spinning again, as
            // in a run of frames drawn back to back (its fastest; after the others' sample
            // they would be asleep, and waking them cost the first frames up to twice as much).
            body()
            let c0 = processCPUMilliseconds()
            let d = clock.measure { for _ in 0..<counts[k] { body() } }
            cpu[k].append((processCPUMilliseconds() - c0) / Double(counts[k]))
            wall[k].append(milliseconds(d) / Double(counts[k]))
        }
    }
    func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
    return bodies.indices.map { (median(wall[$0]), median(cpu[$0])) }
}
