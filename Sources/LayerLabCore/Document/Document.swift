/// The canvas the scene is drawn on.
public struct Canvas: Hashable, Sendable {
    public var size: Size = Size(200, 200)
    public var background: Color = .white
    /// The scene's length; nil derives it (see `Document.sceneDuration`).
    public var duration: TimeExpr? = nil
    /// The scene time a still picture shows when none is named (`export x.png` from the
    /// shell); nil: the end of the scene, where everything has settled.
    public var poster: Double? = nil
    /// How `background` and `duration` were typed, for scripts written back.
    public var written = WrittenForms()
    public init() {}
}

/// A named path, reusable by name as a property value or morph target.
public struct NamedPath: Hashable, Sendable {
    public var name: String
    public var path: Path
    /// How the path was typed (`oval(0, 0, 40, 40)`), for scripts written back.
    public var written = WrittenForm()
    public init(name: String, path: Path) { self.name = name; self.path = path }
}

/// The whole LayerLab document: a value type, so undo can keep copies cheaply.
public struct Document: Hashable, Sendable {
    public var canvas = Canvas()
    // Any change to a list drops the name index (an edit that keeps it valid puts it back).
    // NB: `_modify`, not `didSet`: an observed property changed from another module is
    // copied, changed and set back, which made appending to a list of thousands quadratic.
    public var paths: [NamedPath] {
        get { storedPaths }
        set { names = nil; storedPaths = newValue }
        _modify { names = nil; yield &storedPaths }
    }
    /// The root layers, back to front.
    public var layers: [Layer] {
        get { storedLayers }
        set { names = nil; storedLayers = newValue }
        _modify { names = nil; yield &storedLayers }
    }
    /// Animations in the order they were added: later ones win on the same key path.
    public var animations: [Animation] {
        get { storedAnimations }
        set { names = nil; storedAnimations = newValue }
        _modify { names = nil; yield &storedAnimations }
    }
    public var events: [Event] {
        get { storedEvents }
        set { names = nil; storedEvents = newValue }
        _modify { names = nil; yield &storedEvents }
    }
    private var storedPaths: [NamedPath] = []
    private var storedLayers: [Layer] = []
    private var storedAnimations: [Animation] = []
    private var storedEvents: [Event] = []
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
