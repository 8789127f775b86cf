/// An animation attached to a layer: CABasicAnimation, CAKeyframeAnimation,
/// CASpringAnimation or CAAnimationGroup.
public struct Animation: Hashable, Sendable {
    /// Unique among the document's animations; group children may have an empty name.
    public var name: String
    /// The layer the animation is attached to.
    public var layer: String
    public var timing: MediaTiming
    public var body: Body
    /// How attributes were typed (`to=90deg`, `duration=300ms`, `path=circle(…)`), by
    /// attribute name, for scripts written back.
    public var written = WrittenForms()

    public init(name: String, layer: String, timing: MediaTiming = MediaTiming(), body: Body) {
        self.name = name; self.layer = layer; self.timing = timing; self.body = body
    }

    public enum Body: Hashable, Sendable {
        case basic(Basic)
        case keyframes(Keyframes)
        case spring(Spring)
        case group(Group)
    }

    /// CABasicAnimation: interpolates between from, to and by; missing values come from the
    /// value beneath (the model value plus earlier animations) at the current time.
    public struct Basic: Hashable, Sendable {
        public var keyPath: String
        public var from: Value?
        public var to: Value?
        public var by: Value?
        /// CAValueFunction: from, to and by are numbers (or three numbers) that the function
        /// turns into the `transform` they stand for, after interpolating them as numbers.
        public var valueFunction: ValueFunctionName?
        public init(keyPath: String, from: Value? = nil, to: Value? = nil, by: Value? = nil) {
            self.keyPath = keyPath; self.from = from; self.to = to; self.by = by
        }
    }

    public enum CalculationMode: String, Hashable, Sendable, CaseIterable {
        case linear, discrete, paced, cubic, cubicPaced
    }

    /// CAKeyframeAnimation's rotationMode: turn the layer to the path's direction of travel.
    public enum RotationMode: String, Hashable, Sendable, CaseIterable {
        case auto, autoReverse
    }

    /// CAKeyframeAnimation.
    public struct Keyframes: Hashable, Sendable {
        public var keyPath: String
        public var values: [Value]
        public var keyTimes: [Double]?
        public var calculationMode: CalculationMode = .linear
        public var timingFunctions: [TimingFunction]?
        /// A motion path (`.path` or `.pathRef`) for a point key path; when set, its vertices
        /// are the keyframes and `values` is ignored, as in Core Animation.
        public var path: Value?
        /// Only with a path: adds the path's direction (plus a half turn for autoReverse) to
        /// the layer's `transform.rotation.z`.
        public var rotationMode: RotationMode?
        /// Kochanek–Bartels shape of the `cubic` and `cubicPaced` curve, one number a keyframe
        /// each (Core Animation's `tensionValues`, `continuityValues`, `biasValues`); nil is 0 at
        /// every keyframe, a Catmull-Rom spline. Other modes ignore them, as Core Animation does.
        public var tensionValues: [Double]?
        public var continuityValues: [Double]?
        public var biasValues: [Double]?
        /// CAValueFunction: the values are numbers (or three numbers) turned into transforms.
        public var valueFunction: ValueFunctionName?

        /// The three shape lists by their attribute names, in help order.
        public static let shapeAttributes = ["tensionValues", "continuityValues", "biasValues"]

        /// The shape list called `name` (one of `shapeAttributes`).
        public func shapeValues(_ name: String) -> [Double]? {
            switch name {
            case "tensionValues": return tensionValues
            case "continuityValues": return continuityValues
            default: return biasValues
            }
        }

        public mutating func setShapeValues(_ name: String, _ values: [Double]?) {
            switch name {
            case "tensionValues": tensionValues = values
            case "continuityValues": continuityValues = values
            default: biasValues = values
            }
        }
        public init(keyPath: String, values: [Value], keyTimes: [Double]? = nil,
                    calculationMode: CalculationMode = .linear, timingFunctions: [TimingFunction]? = nil,
                    path: Value? = nil, rotationMode: RotationMode? = nil) {
            self.keyPath = keyPath; self.values = values; self.keyTimes = keyTimes
            self.calculationMode = calculationMode; self.timingFunctions = timingFunctions
            self.path = path; self.rotationMode = rotationMode
        }
    }

    /// CASpringAnimation, in its physical form or UIKit's damping-ratio form.
    public struct Spring: Hashable, Sendable {
        public var keyPath: String
        public var from: Value?
        public var to: Value?
        public var by: Value?
        public var form: Form
        public init(keyPath: String, from: Value? = nil, to: Value? = nil, by: Value? = nil, form: Form) {
            self.keyPath = keyPath; self.from = from; self.to = to; self.by = by; self.form = form
        }

        public enum Form: Hashable, Sendable {
            /// CASpringAnimation: mass, stiffness, damping, initialVelocity (see `physicsParameters`).
            case physics(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double)
            /// UIKit's `usingSpringWithDamping:initialSpringVelocity:` with the animation's duration.
            case dampingRatio(Double, initialVelocity: Double)
        }
    }

    /// CAAnimationGroup. With `sequence`, each child begins when the previous one ends.
    public struct Group: Hashable, Sendable {
        public var children: [Animation]
        public var sequence: Bool
        public init(children: [Animation], sequence: Bool = false) {
            self.children = children; self.sequence = sequence
        }
    }

    /// The key path the animation drives; nil for a group.
    public var keyPath: String? {
        switch body {
        case .basic(let b): return b.keyPath
        case .keyframes(let k): return k.keyPath
        case .spring(let s): return s.keyPath
        case .group: return nil
        }
    }

    /// The value function of a basic or keyframe animation, nil for none (and other kinds).
    public var valueFunction: ValueFunctionName? {
        switch body {
        case .basic(let b): return b.valueFunction
        case .keyframes(let k): return k.valueFunction
        default: return nil
        }
    }

    /// The kind's word in the command language.
    public var kindName: String {
        switch body {
        case .basic: return "animate"
        case .keyframes: return "keyframes"
        case .spring: return "spring"
        case .group: return "group"
        }
    }
}
