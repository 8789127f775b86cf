/// The canvas the scene is drawn on.
package struct Canvas: Hashable, Sendable {
    package var size: Size = Size(200, 200)
    package var background: Color = .white
    /// The scene's length; nil derives it (see `Document.sceneDuration`).
    package var duration: TimeExpr? = nil
    /// The scene time a still picture shows when none is named (`export x.png` from the
    /// shell); nil: the end of the scene, where everything has settled.
    package var poster: Double? = nil
    /// How `background` and `duration` were typed, for scripts written back.
    package var written = WrittenForms()
    package init() {}
}

/// A named path, reusable by name as a property value or morph target.
package struct NamedPath: Hashable, Sendable {
    package var name: String
    package var path: Path
    /// How the path was typed (`oval(0, 0, 40, 40)`), for scripts written back.
    package var written = WrittenForm()
    package init(name: String, path: Path) { self.name = name; self.path = path }
}

/// The whole LayerLab document: a value type, so undo can keep copies cheaply.
package struct Document: Hashable, Sendable {
    package var canvas = Canvas()
    // Any change to a list drops the name index (an edit that keeps it valid puts it back).
    // NB: `_modify`, not `didSet`: an observed property changed from another module is
    // copied, changed and set back, which made appending to a list of thousands quadratic.
    package var paths: [NamedPath] {
        get { storedPaths }
        set { names = nil; storedPaths = newValue }
        _modify { names = nil; yield &storedPaths }
    }
    /// The root layers, back to front.
    package var layers: [Layer] {
        get { storedLayers }
        set { names = nil; storedLayers = newValue }
        _modify { names = nil; yield &storedLayers }
    }
    /// Animations in the order they were added: later ones win on the same key path.
    package var animations: [Animation] {
        get { storedAnimations }
        set { names = nil; storedAnimations = newValue }
        _modify { names = nil; yield &storedAnimations }
    }
    package var events: [Event] {
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

    package init() {}

    package static func == (a: Document, b: Document) -> Bool {
        a.canvas == b.canvas && a.paths == b.paths && a.layers == b.layers
            && a.animations == b.animations && a.events == b.events
    }

    package func hash(into h: inout Hasher) {
        h.combine(canvas); h.combine(paths); h.combine(layers); h.combine(animations); h.combine(events)
    }
}
