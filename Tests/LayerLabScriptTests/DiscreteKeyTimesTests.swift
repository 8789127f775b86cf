import LayerLabCore
import LayerLabScript
import Testing

/// Discrete keyframes take one key time per value, or one more as Core Animation documents them
/// (values [310, 60, 120, 60], key times [0, 0.25, 0.5, 0.75, 1]: the last value holds to the end).
@Suite struct DiscreteKeyTimesTests {
    static let expected: [(Double, String)] = [(0.1, "310"), (0.3, "60"), (0.6, "120"), (0.8, "60"), (0.99, "60")]

    func positions(keyTimes: String) -> [String] {
        var s = Session.test()
        s.ok("layer box")
        s.ok("keyframes box position.y values=[310, 60, 120, 60] keyTimes=\(keyTimes) calculationMode=discrete duration=1")
        return DiscreteKeyTimesTests.expected.map { t, _ in
            s.ok("inspect box.position.y at=\(t)").split(separator: "\n").last.map(String.init) ?? ""
        }
    }

    @Test func applesExampleWithOneMoreKeyTime() {
        #expect(positions(keyTimes: "[0, 0.25, 0.5, 0.75, 1]") == DiscreteKeyTimesTests.expected.map { "box.position.y = \($0.1)" })
    }

    @Test func oneKeyTimePerValueHoldsTheLastToTheEnd() {
        #expect(positions(keyTimes: "[0, 0.25, 0.5, 0.75]") == DiscreteKeyTimesTests.expected.map { "box.position.y = \($0.1)" })
    }

    @Test func otherCountsAreRefused() {
        var s = Session.test()
        s.ok("layer box")
        let extra = s.fails("keyframes box position.y values=[1, 2] keyTimes=[0, 0.2, 0.5, 1] calculationMode=discrete")
        #expect(extra.contains("keyTimes has 4 entries but values has 2 (discrete takes 2 or 3)"), "\(extra)")
        let linear = s.fails("keyframes box position.y values=[1, 2] keyTimes=[0, 0.5, 1]")
        #expect(linear.contains("keyTimes has 3 entries but values has 2"), "\(linear)")
        // The error is a case naming its attribute, so the caret is under the key times.
        #expect(linear.hasPrefix("<test>:1:49:"), "\(linear)")
        #expect(s.document.animations.isEmpty)
    }
}
