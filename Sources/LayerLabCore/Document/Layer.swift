/// A node of the layer tree. Only explicitly set properties are stored; the rest take the
/// defaults of `PropertyTable`.
package struct Layer: Hashable, Sendable {
    package var name: String
    /// Stored property name → value; keys are `PropertyTable` names.
    package var properties: [String: Value]
    package var sublayers: [Layer]
    /// How properties were typed (`path=circle(0, 0, 30)`), for scripts written back.
    package var written = WrittenForms()
    // Last, so no padding lies between fields (`History` compares unchanged layers bitwise).
    package var kind: LayerKind

    package init(name: String, kind: LayerKind, properties: [String: Value] = [:], sublayers: [Layer] = []) {
        self.name = name; self.kind = kind; self.properties = properties; self.sublayers = sublayers
    }

    /// The stored value of a property, or its default.
    package func value(_ property: String) -> Value {
        PropertyTable.value(property, in: properties, kind: kind)
    }
}
