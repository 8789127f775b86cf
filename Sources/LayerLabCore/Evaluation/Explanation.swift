/// Why a presentation value is what it is: the answer to `explain LAYER.KEYPATH`.
public struct Explanation: Hashable, Sendable {
    public var layer: String
    public var keyPath: String
    public var sceneTime: Double
    /// The layer's own time (differs from scene time when the layer or an ancestor has its
    /// own beginTime, speed or timeOffset).
    public var layerTime: Double
    /// The stored value before any scheduled event.
    public var storedValue: Value
    /// Scheduled events that have changed the model value by now, in order.
    public var events: [EventStep]
    /// The model value now: stored value plus events.
    public var modelValue: Value
    /// Every animation on the key path (group children included), in stacking order.
    public var animations: [Step]
    public var presentationValue: Value
    /// The transition the layer is drawn through now, if one runs: the value above is the new
    /// state's, and the picture moves or fades from the old one.
    public var transition: TransitionStep? = nil

    /// A running CATransition, as `explain` reports it.
    public struct TransitionStep: Hashable, Sendable {
        /// The event the transition belongs to.
        public var event: String
        public var transition: Transition
        public var begin: Double
        /// Where the transition is, from startProgress to endProgress.
        public var progress: Double
    }

    public struct EventStep: Hashable, Sendable {
        public var name: String
        public var time: Double
        public var value: Value
        public var animated: Bool
    }

    /// One animation's part in the value.
    public struct Step: Hashable, Sendable {
        /// The animation's name; children are `group/index`, implicit ones `event (implicit)`.
        public var name: String
        public var kind: String
        /// Phase of the animation itself (of its group when the group does not apply).
        public var phase: TimingPhase
        /// Local time within the iteration, when the animation applies.
        public var localTime: Double?
        public var duration: Double
        /// Whether it contributes a value now.
        public var applies: Bool
        public var additive: Bool
        /// The value after this step, when it applies.
        public var value: Value?
        /// A short reason: "filling forwards", "removed on completion", "group not active" …
        public var note: String
    }

    /// The step that decides the final value: the last applying non-additive step, if any.
    public var winner: Step? {
        animations.last { $0.applies && !$0.additive } ?? animations.last { $0.applies }
    }
}
