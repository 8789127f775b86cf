import LayerLabCore

/// A word as written, with where: a layer, animation, key path or attribute name.
package struct Name: Hashable, Sendable {
    package var text: String
    package var range: SourceRange
}

/// `key=value`.
package struct Argument: Hashable, Sendable {
    package var key: Name
    package var value: Expr
}

/// The words that follow a command's positional part: `key=value` pairs, flag words such as
/// `animated`, `as NAME` and `in PARENT`.
package struct ArgumentList: Hashable, Sendable {
    package var arguments: [Argument] = []
    package var flags: [Name] = []
    package var asName: Name?
    package var parent: Name?

    package func has(_ flag: String) -> Bool { flags.contains { $0.text == flag } }
}

/// `animate`, `keyframes` or `spring`: at top level with a layer, inside a group without.
package struct AnimationCommand: Hashable, Sendable {
    package var verb: Name
    package var layer: Name?
    /// The key path; for a nested `group`, the group's name.
    package var keyPath: Name
    package var arguments: ArgumentList
    /// A nested group's own animations (empty for the other verbs).
    package var children: [AnimationCommand] = []
}

/// `cell NAME prop=value … [{ … }]` inside an emitter's (or a cell's) block.
package struct CellCommand: Hashable, Sendable {
    package var name: Name
    package var arguments: ArgumentList
    /// The cells this cell's particles emit.
    package var cells: [CellCommand] = []
}

/// One parsed command.
package struct Command: Hashable, Sendable {
    package indirect enum Kind: Hashable, Sendable {
        case canvas(ArgumentList)
        case path(Name, Expr)
        /// A layer; an emitter (or a cell) may end with a `{ cell … }` block of its cells.
        case layer(LayerKind, Name, ArgumentList, cells: [CellCommand])
        /// `set NAME prop=value … [animated]` (a layer or an animation).
        case set(Name, ArgumentList)
        /// `set LAYER.KEYPATH = value` (the target text still holds the dot).
        case setKeyPath(Name, Expr)
        case delete(Name)
        case rename(Name, Name)
        case move(Name, ArgumentList)
        case animation(AnimationCommand)
        case group(Name, layer: Name, ArgumentList, children: [AnimationCommand])
        /// `at TIME set LAYER …`; the target may be `LAYER.KEYPATH` with `value`.
        case at(Expr, Name, ArgumentList, value: Expr?)
        case show(ArgumentList)
        case play(ArgumentList)
        case frames(ArgumentList)
        case seek(Expr)
        case preview(Name)
        case timeline, tree, history, new, quit
        /// `clear`: the terminal screen.
        case clearScreen
        /// `watch FILE [at=T] [size=…] [mode=…] [color=…] [play]`.
        case watch(Name, ArgumentList)
        case inspect(Name, ArgumentList)
        case explain(Name, ArgumentList)
        case undo(Expr?)
        case redo(Expr?)
        /// `load FILE`: the document becomes the file's (a script replayed from empty, or a project).
        case load(Name)
        /// `run FILE.lab`: the script's commands run into the current document.
        case run(Name)
        /// `load FILE strict`: refuses a file of another format (Lottie) that would not be reproduced whole.
        case loadStrict(Name)
        /// `load FILE animation=ID [strict]`: the animation `ID` of a file holding several
        /// (a dotLottie archive).
        case loadAnimation(Name, animation: Expr, strict: Bool)
        case save(Name?)
        /// `save! FILE`: also replaces a file that is not a LayerLab project.
        case saveReplacing(Name)
        /// `recover`: brings back the unsaved work of a session that crashed.
        case recover
        /// `edit`: the document as a script in the user's editor.
        case edit
        /// `export FILE …` (format nil: from the extension) or `export FORMAT FILE …`.
        case export(Name?, Name, ArgumentList)
        case help(Name?)
    }

    /// The command word as written.
    package var verb: Name
    package var kind: Kind
    /// The command as one line of text, for history labels.
    package var text: String
    package var range: SourceRange
}
