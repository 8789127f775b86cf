import Foundation

/// Runs `body` repeatedly and reports the median and best wall time of one run.
func measure(_ label: String, runs: Int = 25, warmup: Int = 3, _ body: () -> Void) -> Double {
    for _ in 0..<warmup { body() }
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    let clock = ContinuousClock()
    for _ in 0..<runs {
        let d = clock.measure { body() }
        samples.append(Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15)
    }
    samples.sort()
    let median = samples[samples.count / 2]
    let padded = label.count < 72 ? label + String(repeating: " ", count: 72 - label.count) : label
    print(padded + String(format: " median %9.3f ms   best %9.3f ms", median, samples[0]))
    return median
}
