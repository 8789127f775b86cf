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
    // Any change to a list drops the name index (an edit that keeps it valid puts it back).
    public var paths: [NamedPath] = [] { didSet { names = nil } }
    /// The root layers, back to front.
    public var layers: [Layer] = [] { didSet { names = nil } }
    /// Animations in the order they were added: later ones win on the same key path.
    public var animations: [Animation] = [] { didSet { names = nil } }
    public var events: [Event] = [] { didSet { names = nil } }
    /// Every name in the document, when known (see `NameIndex`); not part of its value.
    var names: NameIndex?

    public init() {}

    public static func == (a: Document, b: Document) -> Bool {
        a.canvas == b.canvas && a.paths == b.paths && a.layers == b.layers
            && a.animations == b.animations && a.events == b.events
    }

    public func hash(into h: inout Hasher) {
        h.combine(canvas); h.combine(paths); h.combine(layers); h.combine(animations); h.combine(events)
    }
}
