/// Why a presentation value is what it is: the answer to `explain LAYER.KEYPATH`.
package struct Explanation: Hashable, Sendable {
    package var layer: String
    package var keyPath: String
    package var sceneTime: Double
    /// The layer's own time (differs from scene time when the layer or an ancestor has its
    /// own beginTime, speed or timeOffset).
    package var layerTime: Double
    /// The stored value before any scheduled event.
    package var storedValue: Value
    /// Scheduled events that have changed the model value by now, in order.
    package var events: [EventStep]
    /// The model value now: stored value plus events.
    package var modelValue: Value
    /// Every animation on the key path (group children included), in stacking order.
    package var animations: [Step]
    package var presentationValue: Value
    /// The transition the layer is drawn through now, if one runs: the value above is the new
    /// state's, and the picture moves or fades from the old one.
    package var transition: TransitionStep? = nil

    /// A running CATransition, as `explain` reports it.
    package struct TransitionStep: Hashable, Sendable {
        /// The event the transition belongs to.
        package var event: String
        package var transition: Transition
        package var begin: Double
        /// Where the transition is, from startProgress to endProgress.
        package var progress: Double
    }

    package struct EventStep: Hashable, Sendable {
        package var name: String
        package var time: Double
        package var value: Value
        package var animated: Bool
    }

    /// One animation's part in the value.
    package struct Step: Hashable, Sendable {
        /// The animation's name; children are `group/index`, implicit ones `event (implicit)`.
        package var name: String
        package var kind: String
        /// Phase of the animation itself (of its group when the group does not apply).
        package var phase: TimingPhase
        /// Local time within the iteration, when the animation applies.
        package var localTime: Double?
        package var duration: Double
        /// Whether it contributes a value now.
        package var applies: Bool
        package var additive: Bool
        /// The value after this step, when it applies.
        package var value: Value?
        /// A short reason: "filling forwards", "removed on completion", "group not active" …
        package var note: String
    }

    /// The step that decides the final value: the last applying non-additive step, if any.
    package var winner: Step? {
        animations.last { $0.applies && !$0.additive } ?? animations.last { $0.applies }
    }
}
