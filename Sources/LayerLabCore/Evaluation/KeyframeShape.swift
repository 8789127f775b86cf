/// One keyframe's tension, continuity and bias: how a `cubic` keyframe curve passes through it
/// (Kochanek and Bartels' spline, which Core Animation's `tensionValues`, `continuityValues`
/// and `biasValues` set).
///
/// The tangents at a keyframe P(i) weigh the chord arriving, P(i) − P(i−1), and the chord
/// leaving, P(i+1) − P(i). Tension above 0 shortens both (a tighter curve, linear at 1),
/// below 0 lengthens them; continuity apart from 0 makes the arriving and leaving tangents
/// differ (a corner); bias above 0 leans both towards the arriving chord (overshoot), below 0
/// towards the leaving one. All 0: the chords' average, Catmull-Rom.
struct KeyframeShape: Sendable, Equatable {
    var tension = 0.0, continuity = 0.0, bias = 0.0

    /// The weights of the arriving and leaving chords in the tangent that leaves the keyframe.
    var outgoingWeights: (Double, Double) {
        ((1 - tension) * (1 + continuity) * (1 + bias) / 2, (1 - tension) * (1 - continuity) * (1 - bias) / 2)
    }

    /// The same for the tangent that arrives at the keyframe.
    var incomingWeights: (Double, Double) {
        ((1 - tension) * (1 - continuity) * (1 + bias) / 2, (1 - tension) * (1 + continuity) * (1 - bias) / 2)
    }

    /// The keyframes' shapes, or nil when none of the three lists is given (Catmull-Rom).
    static func list(_ k: Animation.Keyframes) -> [KeyframeShape]? {
        guard k.tensionValues != nil || k.continuityValues != nil || k.biasValues != nil else { return nil }
        let n = max(k.tensionValues?.count ?? 0, k.continuityValues?.count ?? 0, k.biasValues?.count ?? 0)
        return (0..<n).map { i in
            func at(_ xs: [Double]?) -> Double { xs.flatMap { i < $0.count ? $0[i] : nil } ?? 0 }
            return KeyframeShape(tension: at(k.tensionValues), continuity: at(k.continuityValues), bias: at(k.biasValues))
        }
    }
}
