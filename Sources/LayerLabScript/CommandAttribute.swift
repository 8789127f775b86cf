import LayerLabCore

/// A command's `key=value` attribute, declared once: what `help`, completion, the hints and the
/// shell's `--flags` show (`spec`), and how its value is read.
///
/// The table lists the handle's `spec` and the handler reads the value through the same
/// handle (`session.value(Show.at, in: args)` is a `Double?`, a scene time already worked out),
/// the way swift-argument-parser hands `run()` typed options: renaming or removing an attribute
/// is a compile error wherever it is read, not a value that silently stops arriving.
package struct CommandAttribute<Value>: Sendable {
    package let spec: CommandSpec.Attribute
    /// Reads a written value (against the session's document: times refer to animations).
    let read: @Sendable (Session, Expr) throws(ScriptError) -> Value

    init(_ spec: CommandSpec.Attribute, read: @escaping @Sendable (Session, Expr) throws(ScriptError) -> Value) {
        self.spec = spec
        self.read = read
    }

    package var name: String { spec.name }

    /// The value of `a` when it is this attribute (nil when it is another): for handlers that
    /// take attributes in the order they were written, so the first bad one is the one reported.
    func value(of a: Argument, in session: Session) throws(ScriptError) -> Value? {
        a.key.text == name ? try read(session, a.value) : nil
    }
}

extension CommandAttribute where Value == Double {
    /// A scene time: a time expression (`fade.end + 0.1`) worked out against the document.
    static func time(_ name: String, _ meaning: String, default defaultValue: String) -> Self {
        .init(.init(name, "T", meaning, default: defaultValue)) { s, e throws(ScriptError) in try s.sceneTime(e) }
    }

    /// Frames per second, within `Limits.framesPerSecond`.
    static func fps(default defaultValue: String) -> Self {
        .init(.init("fps", "N", "frames per second", default: defaultValue)) { s, e throws(ScriptError) in try s.fps(e) }
    }
}

/// A flag word of a command (`loop`, `animated`, `strict`), declared once: the grammar writes it
/// with `.flag(…)`, help says what it does, and the handler asks `args.has(Play.loop)`.
package struct CommandFlag: Sendable {
    package let word: String
    package let meaning: String

    init(_ word: String, _ meaning: String) { self.word = word; self.meaning = meaning }
}

extension GrammarPart {
    /// `[word]`: an optional flag word.
    static func flag(_ f: CommandFlag) -> GrammarPart { .optional([.word(f.word)]) }
}

extension ArgumentList {
    /// Whether the flag word was written.
    func has(_ flag: CommandFlag) -> Bool { flags.contains { $0.text == flag.word } }

    /// The argument written for `attribute`, with its ranges (for errors about it), or nil.
    subscript<V>(_ attribute: CommandAttribute<V>) -> Argument? { argument(named: attribute.name) }
    subscript(_ attribute: AnimationAttribute) -> Argument? { argument(named: attribute.name) }

    /// The argument whose key is `name`: for names that arrive at run time (a core error names
    /// the timing attribute it is about); handlers read their own attributes by handle.
    func argument(named name: String) -> Argument? { arguments.first { $0.key.text == name } }
}

extension Session {
    /// The typed value of `attribute` in `args`, or nil when it was not written.
    func value<V>(_ attribute: CommandAttribute<V>, in args: ArgumentList) throws(ScriptError) -> V? {
        guard let a = args[attribute] else { return nil }
        return try attribute.read(self, a.value)
    }

    /// Checks that every argument is one of `command`'s declared attributes (suggesting the
    /// nearest for others).
    func checkAttributes(_ args: ArgumentList, of attributes: [CommandSpec.Attribute], command: String) throws(ScriptError) {
        for a in args.arguments where !attributes.contains(where: { $0.name == a.key.text }) {
            throw .unknownAttribute(a.key.text, command: command, a.key.range,
                                    suggestion: Suggestion.nearest(a.key.text, in: attributes.map(\.name)))
        }
    }
}
