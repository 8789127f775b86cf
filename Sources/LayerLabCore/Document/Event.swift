/// One property assignment: `strokeEnd = 0.4`.
package struct Assignment: Hashable, Sendable {
    package var keyPath: String
    package var value: Value
    /// How the value was typed, for scripts written back.
    package var written: WrittenForm
    package init(keyPath: String, value: Value, written: String? = nil) {
        self.keyPath = keyPath; self.value = value; self.written = WrittenForm(written)
    }
}

/// A scheduled change: `at TIME set LAYER prop=value ... [animated] [transition=TYPE …]`.
///
/// This is how timers, `addSublayer` and `removeFromSuperlayer` are expressed. With
/// `animated`, each change is an implicit animation (0.25 s, default curve) from the
/// presentation value at that moment, stacked above the layer's explicit animations.
package struct Event: Hashable, Sendable {
    /// Unique among events and animations, so time expressions may name it.
    package var name: String
    package var time: TimeExpr
    package var layer: String
    package var assignments: [Assignment]
    package var animated: Bool
    /// A CATransition that draws the layer changing from its state just before the event to
    /// its new state; nil for none.
    package var transition: Transition?
    /// How the time was typed (`500ms`), for scripts written back.
    package var writtenTime = WrittenForm()

    package init(name: String, time: TimeExpr, layer: String, assignments: [Assignment], animated: Bool = false,
                transition: Transition? = nil) {
        self.name = name; self.time = time; self.layer = layer
        self.assignments = assignments; self.animated = animated; self.transition = transition
    }
}
