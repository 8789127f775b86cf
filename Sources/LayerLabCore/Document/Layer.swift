/// A node of the layer tree. Only explicitly set properties are stored; the rest take the
/// defaults of `PropertyTable`.
public struct Layer: Hashable, Sendable {
    public var name: String
    public var kind: LayerKind
    /// Stored property name → value; keys are `PropertyTable` names.
    public var properties: [String: Value]
    public var sublayers: [Layer]

    public init(name: String, kind: LayerKind, properties: [String: Value] = [:], sublayers: [Layer] = []) {
        self.name = name; self.kind = kind; self.properties = properties; self.sublayers = sublayers
    }

    /// The stored value of a property, or its default.
    public func value(_ property: String) -> Value {
        PropertyTable.value(property, in: properties, kind: kind)
    }
}
