/// An animation attached to a layer: CABasicAnimation, CAKeyframeAnimation,
/// CASpringAnimation or CAAnimationGroup.
package struct Animation: Hashable, Sendable {
    /// Unique among the document's animations; group children may have an empty name.
    package var name: String
    /// The layer the animation is attached to.
    package var layer: String
    package var timing: MediaTiming
    package var body: Body
    /// How attributes were typed (`to=90deg`, `duration=300ms`, `path=circle(…)`), by
    /// attribute name, for scripts written back.
    package var written = WrittenForms()

    package init(name: String, layer: String, timing: MediaTiming = MediaTiming(), body: Body) {
        self.name = name; self.layer = layer; self.timing = timing; self.body = body
    }

    package enum Body: Hashable, Sendable {
        case basic(Basic)
        case keyframes(Keyframes)
        case spring(Spring)
        case group(Group)
    }

    /// CABasicAnimation: interpolates between from, to and by; missing values come from the
    /// value beneath (the model value plus earlier animations) at the current time.
    package struct Basic: Hashable, Sendable {
        package var keyPath: String
        package var from: Value?
        package var to: Value?
        package var by: Value?
        /// CAValueFunction: from, to and by are numbers (or three numbers) that the function
        /// turns into the `transform` they stand for, after interpolating them as numbers.
        package var valueFunction: ValueFunctionName?
        package init(keyPath: String, from: Value? = nil, to: Value? = nil, by: Value? = nil) {
            self.keyPath = keyPath; self.from = from; self.to = to; self.by = by
        }
    }

    package enum CalculationMode: String, Hashable, Sendable, CaseIterable {
        case linear, discrete, paced, cubic, cubicPaced
    }

    /// CAKeyframeAnimation's rotationMode: turn the layer to the path's direction of travel.
    package enum RotationMode: String, Hashable, Sendable, CaseIterable {
        case auto, autoReverse
    }

    /// CAKeyframeAnimation.
    package struct Keyframes: Hashable, Sendable {
        package var keyPath: String
        package var values: [Value]
        package var keyTimes: [Double]?
        package var calculationMode: CalculationMode = .linear
        package var timingFunctions: [TimingFunction]?
        /// A motion path (`.path` or `.pathRef`) for a point key path; when set, its vertices
        /// are the keyframes and `values` is ignored, as in Core Animation.
        package var path: Value?
        /// Only with a path: adds the path's direction (plus a half turn for autoReverse) to
        /// the layer's `transform.rotation.z`.
        package var rotationMode: RotationMode?
        /// Kochanek–Bartels shape of the `cubic` and `cubicPaced` curve, one number a keyframe
        /// each (Core Animation's `tensionValues`, `continuityValues`, `biasValues`); nil is 0 at
        /// every keyframe, a Catmull-Rom spline. Other modes ignore them, as Core Animation does.
        package var tensionValues: [Double]?
        package var continuityValues: [Double]?
        package var biasValues: [Double]?
        /// CAValueFunction: the values are numbers (or three numbers) turned into transforms.
        package var valueFunction: ValueFunctionName?

        /// The three shape lists by their attribute names, in help order.
        package static let shapeAttributes = ["tensionValues", "continuityValues", "biasValues"]

        /// The shape list called `name` (one of `shapeAttributes`).
        package func shapeValues(_ name: String) -> [Double]? {
            switch name {
            case "tensionValues": return tensionValues
            case "continuityValues": return continuityValues
            default: return biasValues
            }
        }

        package mutating func setShapeValues(_ name: String, _ values: [Double]?) {
            switch name {
            case "tensionValues": tensionValues = values
            case "continuityValues": continuityValues = values
            default: biasValues = values
            }
        }
        package init(keyPath: String, values: [Value], keyTimes: [Double]? = nil,
                    calculationMode: CalculationMode = .linear, timingFunctions: [TimingFunction]? = nil,
                    path: Value? = nil, rotationMode: RotationMode? = nil) {
            self.keyPath = keyPath; self.values = values; self.keyTimes = keyTimes
            self.calculationMode = calculationMode; self.timingFunctions = timingFunctions
            self.path = path; self.rotationMode = rotationMode
        }
    }

    /// CASpringAnimation, in its physical form or UIKit's damping-ratio form.
    package struct Spring: Hashable, Sendable {
        package var keyPath: String
        package var from: Value?
        package var to: Value?
        package var by: Value?
        package var form: Form
        package init(keyPath: String, from: Value? = nil, to: Value? = nil, by: Value? = nil, form: Form) {
            self.keyPath = keyPath; self.from = from; self.to = to; self.by = by; self.form = form
        }

        package enum Form: Hashable, Sendable {
            /// CASpringAnimation: mass, stiffness, damping, initialVelocity (see `physicsParameters`).
            case physics(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double)
            /// UIKit's `usingSpringWithDamping:initialSpringVelocity:` with the animation's duration.
            case dampingRatio(Double, initialVelocity: Double)
        }
    }

    /// CAAnimationGroup. With `sequence`, each child begins when the previous one ends.
    package struct Group: Hashable, Sendable {
        package var children: [Animation]
        package var sequence: Bool
        package init(children: [Animation], sequence: Bool = false) {
            self.children = children; self.sequence = sequence
        }
    }

    /// The key path the animation drives; nil for a group.
    package var keyPath: String? {
        switch body {
        case .basic(let b): return b.keyPath
        case .keyframes(let k): return k.keyPath
        case .spring(let s): return s.keyPath
        case .group: return nil
        }
    }

    /// The value function of a basic or keyframe animation, nil for none (and other kinds).
    package var valueFunction: ValueFunctionName? {
        switch body {
        case .basic(let b): return b.valueFunction
        case .keyframes(let k): return k.valueFunction
        default: return nil
        }
    }

    /// The kind's word in the command language.
    package var kindName: String {
        switch body {
        case .basic: return "animate"
        case .keyframes: return "keyframes"
        case .spring: return "spring"
        case .group: return "group"
        }
    }
}
