/// The canvas the scene is drawn on.
public struct Canvas: Hashable, Sendable {
    public var size: Size = Size(200, 200)
    public var background: Color = .white
    /// The scene's length; nil derives it (see `Document.sceneDuration`).
    public var duration: TimeExpr? = nil
    public init() {}
}

/// A named path, reusable by name as a property value or morph target.
public struct NamedPath: Hashable, Sendable {
    public var name: String
    public var path: Path
    public init(name: String, path: Path) { self.name = name; self.path = path }
}

/// The whole LayerLab document: a value type, so undo can keep copies cheaply.
public struct Document: Hashable, Sendable {
    public var canvas = Canvas()
    public var paths: [NamedPath] = []
    /// The root layers, back to front.
    public var layers: [Layer] = []
    /// Animations in the order they were added: later ones win on the same key path.
    public var animations: [Animation] = []
    public var events: [Event] = []

    public init() {}
}
