/// Where a motion path has put a layer: for exporters that keep the curve (Lottie's spatial
/// keyframes) rather than sampled points.
package struct MotionPlacement: Hashable, Sendable {
    /// The animation's label, so consecutive frames on the same path can be told apart.
    package var animation: String
    package var path: MotionPath
    package var segment: Int
    /// Arc fraction along the segment, 0…1.
    package var fraction: Double
    /// Whether rotationMode turns the layer (by the direction of travel plus `turnOffset`).
    package var turns: Bool
    package var turnOffset: Double
}

extension Evaluator {
    /// The motion path placing `layer`'s position at scene time `time`: the last applying
    /// path animation on `position` (in groups too). It says where on the path the animation
    /// is, not that nothing else moves the layer: callers compare with the drawn position.
    package func motionPlacement(layer: String, at time: Double) -> MotionPlacement? {
        guard let list = plan(layer)?.animations else { return nil }
        var found: MotionPlacement?
        func visit(_ index: Int, _ parentTime: Double) {
            let local = localTime(index, parentTime)
            guard local.applies else { return }
            if animationTable.tracks[index].kind == .group {
                for child in animationTable.bodies[index].children { visit(child, local.time) }
                return
            }
            let detail = animationTable.details[index]
            guard let motion = detail.motion, detail.keyPath?.name == "position", case .keyframes(let k) = detail.animation.body
            else { return }
            let (segment, fraction) = k.motionPosition(at: fraction(index, local.time), path: motion,
                                                       times: animationTable.keyTimes[animationTable.bodies[index].times])
            found = MotionPlacement(animation: detail.label, path: motion, segment: segment, fraction: fraction,
                                    turns: detail.rotationOffset != nil, turnOffset: detail.rotationOffset ?? 0)
        }
        let lt = layerTime(layer, at: time)
        for c in list { visit(c, lt) }
        return found
    }
}
