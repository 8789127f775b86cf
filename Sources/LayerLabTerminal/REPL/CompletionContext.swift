import LayerLabCore
import LayerLabScript

/// What completion and hints know about the session: its commands and the names in its document.
///
/// A plain value built from the current document before each Tab, so the completion logic stays
/// pure and testable without a terminal.
package struct CompletionContext: Sendable {
    /// One directory entry, for file-name completion.
    package struct FileEntry: Hashable, Sendable {
        package var name: String
        package var isDirectory: Bool
        package init(name: String, isDirectory: Bool) { self.name = name; self.isDirectory = isDirectory }
    }

    package var commands: [CommandSpec]
    /// Layer names in tree order, with their kinds.
    package var layers: [(name: String, kind: LayerKind)]
    /// Animation names (group children included) with their kind word and key path.
    package var animations: [(name: String, kind: String, keyPath: String?)]
    package var paths: [String]
    /// Scheduled event names.
    package var events: [String]
    /// Lists a directory (`""` for the current one) for file-name completion.
    package var listDirectory: @Sendable (String) -> [FileEntry]
    /// Lines already typed of a command that continues (the body of a `group … {`).
    package var pendingLines: [String]

    package init(commands: [CommandSpec] = CommandTable.all,
                layers: [(name: String, kind: LayerKind)] = [],
                animations: [(name: String, kind: String, keyPath: String?)] = [],
                paths: [String] = [],
                events: [String] = [],
                pendingLines: [String] = [],
                listDirectory: @escaping @Sendable (String) -> [FileEntry] = { _ in [] }) {
        self.commands = commands; self.layers = layers; self.animations = animations
        self.paths = paths; self.events = events; self.pendingLines = pendingLines; self.listDirectory = listDirectory
    }

    /// The names in `document`, with `commands` and a file lister.
    package init(document: Document, commands: [CommandSpec] = CommandTable.all,
                pendingLines: [String] = [],
                listDirectory: @escaping @Sendable (String) -> [FileEntry] = { _ in [] }) {
        var animations: [(name: String, kind: String, keyPath: String?)] = []
        func walk(_ a: Animation) {
            if !a.name.isEmpty { animations.append((a.name, a.kindName, a.keyPath)) }
            if case .group(let g) = a.body { g.children.forEach(walk) }
        }
        document.animations.forEach(walk)
        self.init(commands: commands,
                  layers: document.allLayers.map { ($0.layer.name, $0.layer.kind) },
                  animations: animations,
                  paths: document.paths.map(\.name),
                  events: document.events.map(\.name),
                  pendingLines: pendingLines,
                  listDirectory: listDirectory)
    }

    func kind(ofLayer name: String) -> LayerKind? { layers.first { $0.name == name }?.kind }
    func animation(named name: String) -> (name: String, kind: String, keyPath: String?)? {
        animations.first { $0.name == name }
    }
    /// The command a word names (`shape` finds `layer`).
    func command(_ word: String) -> CommandSpec? { commands.first { $0.words.contains(word) } }
    /// Every command word, aliases included.
    var commandWords: [String] { commands.flatMap(\.words) }
    var layerNames: [String] { layers.map(\.name) }
    var animationNames: [String] { animations.map(\.name) }
    /// Names a time expression may refer to: animations and events.
    var timeNames: [String] { animationNames + events }
}
