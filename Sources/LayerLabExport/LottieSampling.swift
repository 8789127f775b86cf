import LayerLabCore
import LayerLabLottie

/// Lottie animatable properties from values sampled at every frame.
///
/// Sampling the evaluator frame by frame is what makes the Lottie file follow LayerLab's Core
/// Animation timing exactly (groups, fill modes, repeats, springs, events); the samples are
/// then reduced to the fewest linear keyframes that stay within `tolerance` of every sample,
/// and a one-frame change much steeper than the motion around it becomes a hold keyframe, so
/// discrete changes (`hidden`, events, discrete keyframes) jump instead of blending.
enum LottieSampling {
    /// A still property when every sample is equal, else linear (or hold) keyframes.
    /// - Parameters:
    ///   - samples: one vector a frame, all of the same length.
    ///   - value: the model value of a sample (numbers, or an outline).
    static func make(_ samples: [[Double]], tolerance: Double = 0.001,
                     value: ([Double]) -> LottieValue = { .numbers($0) }) -> LottieProperty {
        guard let first = samples.first else { return LottieProperty(value: .numbers([0])) }
        if samples.allSatisfy({ close($0, first, tolerance) }) { return LottieProperty(value: value(first)) }
        let keys = keyframes(samples, tolerance: tolerance)
        var out: [LottieKeyframe] = []
        for (n, k) in keys.enumerated() {
            var key = LottieKeyframe(time: Double(k.frame), start: value(samples[k.frame]))
            if n + 1 < keys.count {
                if k.hold { key.hold = true } else { (key.inEase, key.outEase) = (linearIn, linearOut) }
            }
            out.append(key)
        }
        return LottieProperty(keyframes: out)
    }

    /// The easing handles of a linear segment.
    static let linearIn = LottieEase(x: [1], y: [1])
    static let linearOut = LottieEase(x: [0], y: [0])

    /// A scalar property (rotation, opacity, width).
    static func scalar(_ samples: [Double], tolerance: Double = 0.001) -> LottieProperty {
        make(samples.map { [$0] }, tolerance: tolerance)
    }

    /// A vector property (position, scale, colour).
    static func vector(_ samples: [[Double]], tolerance: Double = 0.001) -> LottieProperty {
        make(samples, tolerance: tolerance)
    }

    /// Which frames become keyframes, and whether each holds its value until the next.
    static func keyframes(_ s: [[Double]], tolerance: Double) -> [(frame: Int, hold: Bool)] {
        let n = s.count
        guard n > 1 else { return [(0, false)] }
        var frames = [0]
        var k = 0
        while k < n - 1 {
            // Extend the segment from k as far as the straight line from s[k] to the end stays
            // within tolerance of every sample between. Each sample passed narrows, dimension by
            // dimension, the interval of slopes that line may have, so extending is O(dims):
            // the whole pass is linear in the number of frames.
            let dims = s[k].count
            var lo = [Double](repeating: -.infinity, count: dims)
            var hi = [Double](repeating: .infinity, count: dims)
            var j = k + 1
            extend: while j + 1 < n, s[j].count == dims, s[j + 1].count == dims {
                let dt = Double(j - k), de = Double(j + 1 - k)
                for d in 0..<dims {
                    lo[d] = max(lo[d], (s[j][d] - s[k][d] - tolerance) / dt)
                    hi[d] = min(hi[d], (s[j][d] - s[k][d] + tolerance) / dt)
                    let slope = (s[j + 1][d] - s[k][d]) / de
                    if !(slope >= lo[d] && slope <= hi[d]) { break extend }
                }
                j += 1
            }
            frames.append(j)
            k = j
        }
        return Array(zip(frames, holds(s, frames: frames, tolerance: tolerance))).map { (frame: $0.0, hold: $0.1) }
    }

    /// Whether each keyframe of `frames` holds its value until the next: a one-frame change
    /// far steeper than the motion on either side is a jump (an event, `hidden`, a removed
    /// animation, a discrete keyframe).
    static func holds(_ s: [[Double]], frames: [Int], tolerance: Double = 0.001) -> [Bool] {
        func slope(_ a: Int, _ b: Int) -> Double {
            guard b > a else { return 0 }
            return zip(s[a], s[b]).map { abs($1 - $0) }.max().map { $0 / Double(b - a) } ?? 0
        }
        return frames.enumerated().map { (idx, f) in
            guard idx + 1 < frames.count else { return false }
            let next = frames[idx + 1]
            guard next == f + 1 else { return false }
            let jump = slope(f, next)
            let before = idx == 0 ? 0 : slope(frames[idx - 1], f)
            let after = idx + 2 >= frames.count ? 0 : slope(next, frames[idx + 2])
            return jump > tolerance && jump > 3 * max(before, after)
        }
    }

    static func close(_ a: [Double], _ b: [Double], _ tol: Double) -> Bool {
        guard a.count == b.count else { return false }
        for i in 0..<a.count where abs(a[i] - b[i]) > tol { return false }
        return true
    }
}
