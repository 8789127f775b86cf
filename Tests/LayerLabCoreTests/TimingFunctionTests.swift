import Testing
@testable import LayerLabCore

struct TimingFunctionTests {
    @Test func controlPointsAreCoreAnimations() {
        #expect(TimingFunction.easeIn.controlPoints == (0.42, 0, 1, 1))
        #expect(TimingFunction.easeOut.controlPoints == (0, 0, 0.58, 1))
        #expect(TimingFunction.easeInEaseOut.controlPoints == (0.42, 0, 0.58, 1))
        #expect(TimingFunction.default.controlPoints == (0.25, 0.1, 0.25, 1))
    }

    @Test func uikitAliases() {
        #expect(TimingFunction.named("curveEaseInOut") == .easeInEaseOut)
        #expect(TimingFunction.named("curveEaseOut") == .easeOut)
        #expect(TimingFunction.named("curveEaseIn") == .easeIn)
        #expect(TimingFunction.named("curveLinear") == .linear)
        #expect(TimingFunction.named("bouncy") == nil)
    }

    /// Solves x(s) = x to 1e-6 and checks y against the Bézier evaluated at the same s.
    @Test(arguments: [TimingFunction.easeIn, .easeOut, .easeInEaseOut, .default, .cubic(0.68, -0.55, 0.27, 1.55)])
    func solvedToMicroPrecision(_ tf: TimingFunction) {
        let (x1, y1, x2, y2) = tf.controlPoints
        func bez(_ a: Double, _ b: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
        }
        for i in 0...200 {
            let s = Double(i) / 200
            let x = bez(x1, x2, s), y = bez(y1, y2, s)
            #expect(abs(tf(x) - y) < 1e-6, "\(tf) at x=\(x)")
        }
        #expect(tf(0) == 0 && tf(1) == 1)
    }

    @Test func easeInEaseOutIsSymmetric() {
        for x in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(abs(TimingFunction.easeInEaseOut(x) + TimingFunction.easeInEaseOut(1 - x) - 1) < 1e-6)
        }
    }
}

struct FormatNumberTests {
    @Test(arguments: [(0.3, "0.3"), (2, "2"), (-1.5, "-1.5"), (1.0 / 3, "0.333333"), (1e-7, "0"),
                      (1e308, "1e+308"), (-1e300, "-1e+300"), (123456.0000004, "123456"),
                      (.infinity, "inf"), (-.infinity, "-inf")] as [(Double, String)])
    func shortestFormAtSixDecimals(_ v: Double, _ text: String) {
        #expect(formatNumber(v) == text)
    }
}
