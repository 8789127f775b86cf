/// How one value was spelled when it was typed: `circle(0, 0, 30)`, `red`, `90deg`, `300ms`.
///
/// The document stores values (a path, a colour, radians, seconds); a script written back
/// from values alone would give `svg("M 30 0 C …")` where the user wrote `circle(0, 0, 30)`.
/// The spelling rides beside the value so `save x.lab` and `edit` can print it again. It is
/// how a value reads, not what it is: every spelling compares equal (two documents that draw
/// the same are the same document), project files do not store it, and nothing that draws
/// or evaluates reads it. A writer must check that a spelling still gives the value before
/// printing it (an edit elsewhere may have changed the value and left the spelling behind).
package struct WrittenForm: Hashable, Sendable {
    package var text: String?
    package init(_ text: String? = nil) { self.text = text }
    package static func == (_: WrittenForm, _: WrittenForm) -> Bool { true }
    package func hash(into _: inout Hasher) {}
}

/// The spellings of a layer's properties or an animation's attributes, by name (see
/// `WrittenForm`), and the order they were typed in, so a written line reads as the user's.
/// Empty for what was computed or read from a project.
package struct WrittenForms: Hashable, Sendable {
    package var texts: [String: String] = [:]
    /// Names in the order they were first given.
    package var order: [String] = []
    /// The name was made up (`dot.opacity`), not given with `as NAME`.
    package var generatedName = false
    package init() {}
    package subscript(name: String) -> String? {
        get { texts.isEmpty ? nil : texts[name] }
        set { texts[name] = newValue }
    }

    /// Records that `name` was given, spelled `text` (nil: as the writer prints it anyway).
    package mutating func note(_ name: String, _ text: String?) {
        if text != nil || !texts.isEmpty { texts[name] = text }
        if !order.contains(name) { order.append(name) }
    }
    package static func == (_: WrittenForms, _: WrittenForms) -> Bool { true }
    package func hash(into _: inout Hasher) {}
}
