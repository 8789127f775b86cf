import LayerLabCore

/// The state of a LayerLab session and the one entry point that changes it: `handle(line)`.
///
/// Like CPython's `code.InteractiveInterpreter`, a session parses and runs input but never
/// prompts, prints, draws or reads the terminal: it returns an `Outcome` (text to print,
/// effects to perform, a diagnostic, or "needs more input") and the front end does the rest.
///
///     var session = Session()
///     session.handle("shape dot path=circle(0, 0, 10)")     // .done([])
///     session.handle("inspect dot.fillColor at=0")         // .done([.text("dot.fillColor = #000000ff")])
///
/// Every command that changes the document is one undo step; a failed command changes nothing.
package struct Session: Sendable {
    package struct Settings: Sendable, Equatable {
        /// Show a frame after every command that changes the document or the time.
        package var preview = false
        /// The name diagnostics give `handle` input (`<stdin>`).
        package var sourceName = "<stdin>"
        /// Print the names given to unnamed animations and events (interactive use; scripts
        /// and piped input stay quiet so their output is only what they ask for).
        package var announceNames = true
        /// The terminal's width, when output goes to one: `timeline` fits its chart to it.
        package var columns: Int?
        /// Number each entry's lines from 1 (the interactive prompt, where an error in what was
        /// just typed says `<input>:1:5`); otherwise lines count from the start of the input,
        /// as in a file piped in.
        package var linesPerEntry = false
        package init(preview: Bool = false, sourceName: String = "<stdin>", announceNames: Bool = true) {
            self.preview = preview; self.sourceName = sourceName; self.announceNames = announceNames
        }
    }

    package internal(set) var history: History
    /// The current scene time: where `show`, `inspect` and `set … animated` look.
    package internal(set) var time: Double = 0
    /// The file `save` writes without an argument.
    package internal(set) var fileName: String?
    /// The script or project loaded or saved last: relative file names in the document (image
    /// contents and flipbook frames) are read from its folder.
    package internal(set) var sourceFile: String?
    package var settings: Settings
    /// The document as last saved or loaded, for `isDirty`.
    var savedDocument: Document
    /// Where the animations of a document opened from another format came from, by name
    /// (`explain` names them); empty otherwise.
    var importOrigins: [String: ImportOrigin] = [:]
    /// Commands run from scripts (`load`, `layerlab run`), for `layerlab run`'s summary.
    package internal(set) var scriptCommandsRun = 0
    var pending: [String] = []
    /// `pending` lexed so far (valid while its `lineCount` equals `pending.count`).
    var pendingLex = PendingLex()
    var nextLine = 1
    /// Characters the built-in font lacks that a warning has named already.
    var warnedGlyphs: Set<Character> = []
    /// Text layers a note has said have no bounds.
    var notedUnboundedText: Set<String> = []
    var loadDepth = 0
    let files: (any FileAccess)?
    let codec: (any ProjectCodec)?

    package init(files: (any FileAccess)? = nil, codec: (any ProjectCodec)? = nil, settings: Settings = Settings(),
                document: Document = Document()) {
        self.files = files
        self.codec = codec
        self.settings = settings
        history = History(initial: document)
        savedDocument = document
    }

    package var document: Document { history.current }

    /// Unsaved changes since the last save or load (undoing back to it makes this false).
    package var isDirty: Bool { document != savedDocument }

    /// Whether `handle` is collecting a multi-line command (show the continuation prompt).
    package var isContinuing: Bool { !pending.isEmpty }

    // MARK: - Input

    /// Handles one line of input: buffers it while a bracket is open or it ends with `\`,
    /// otherwise runs every command on it (each its own undo step). A line that starts with a
    /// command word while a `(` or `[` is open ends the open command, which fails at its
    /// bracket, and is then read as its own command: `handleLine` gives both outcomes, this
    /// one the pair as one (the new line's responses, the open command's error).
    package mutating func handle(_ line: String) -> Outcome {
        let outcomes = handleLine(line)
        guard outcomes.count == 2, let cut = outcomes[0].diagnostic else { return outcomes[outcomes.count - 1] }
        if case .needsMoreInput = outcomes[1] { return .failed([], cut) }
        return .failed(outcomes[1].responses, outcomes[1].diagnostic ?? cut)
    }

    /// `handle`, giving the outcome of a command a new one cut short (see `handle`) first.
    package mutating func handleLine(_ line: String) -> [Outcome] {
        if !pending.isEmpty, pendingLex.lineCount == pending.count, let open = pendingLex.innermostOpen,
           open.bracket != "{", Lexer.startsCommand(Array(line.utf8)[...]) {
            let first = entryFirstLine, text = pending.joined(separator: "\n")
            let at = SourceLocation(line: open.location.line + first - 1, column: open.location.column)
            cancelInput()
            let error = ScriptError.cutShort(open.bracket, SourceRange(at, SourceLocation(line: at.line, column: at.column + 1)))
            let cut = Outcome.failed([], Diagnostic(error, file: settings.sourceName, text: text, firstLine: first))
            return [cut, handleOne(line)]
        }
        return [handleOne(line)]
    }

    private mutating func handleOne(_ line: String) -> Outcome {
        if pending.isEmpty || pendingLex.lineCount != pending.count {
            pendingLex = PendingLex()
            for earlier in pending { pendingLex.feed(earlier) }
        }
        pending.append(line)
        pendingLex.feed(line)
        if pendingLex.state == .needsMore { return .needsMoreInput }
        return runPending(pending.joined(separator: "\n"))
    }

    /// Runs whatever `handle` buffered (at the end of input), reporting an unclosed bracket.
    package mutating func finishInput() -> Outcome? {
        guard !pending.isEmpty else { return nil }
        return runPending(pending.joined(separator: "\n"))
    }

    /// Drops a partly typed multi-line command (Ctrl-C at the continuation prompt).
    package mutating func cancelInput() {
        nextLine += pending.count
        pending = []
    }

    /// The number of the first line of the entry being read.
    var entryFirstLine: Int { settings.linesPerEntry ? 1 : nextLine }

    private mutating func runPending(_ text: String) -> Outcome {
        let first = entryFirstLine
        nextLine += pending.count
        pending = []
        return run(text, name: settings.sourceName, firstLine: first)
    }

    /// Runs text, each command its own undo step, stopping at the first failure (commands
    /// before it stay done).
    package mutating func run(_ text: String, name: String, firstLine: Int = 1) -> Outcome {
        let commands: [Command]
        do {
            commands = try Parser.parse(text, firstLine: firstLine)
        } catch {
            return .failed([], Diagnostic(error, file: name, text: text, firstLine: firstLine))
        }
        var responses: [Response] = []
        for c in commands {
            do {
                responses += try perform(c)
            } catch {
                return .failed(responses, Diagnostic(error, file: name, text: text, firstLine: firstLine))
            }
            if responses.last == .effect(.quit) { break }
        }
        return .done(responses)
    }

    /// Runs a script as ONE undo step: all of it, or (at the first error) none of it.
    package mutating func runScript(_ text: String, name: String) -> Outcome {
        do {
            return .done(try runScriptCommands(text, name: name, label: "run \(name)"))
        } catch {
            return .failed([], Diagnostic(error, file: name, text: text))
        }
    }

    /// The shared body of `runScript` and `load FILE.lab`: runs on a copy with its own
    /// history, then records the result as one step.
    mutating func runScriptCommands(_ text: String, name: String, label: String) throws(ScriptError) -> [Response] {
        guard loadDepth < 16 else {
            throw .invalid("scripts load each other too deeply", SourceRange(.init(line: 1, column: 1), .init(line: 1, column: 2)))
        }
        var child = self
        child.loadDepth += 1
        child.settings.announceNames = false
        child.history = History(initial: document)
        var responses: [Response] = []
        do {
            for c in try Parser.parse(text) {
                child.scriptCommandsRun += 1
                responses += try child.perform(c)
                if responses.last == .effect(.quit) { break }
            }
        } catch {
            if case .inFile = error { throw error }
            throw .inFile(name: name, source: text, error)
        }
        history.record(label, child.document)
        time = child.time
        scriptCommandsRun = child.scriptCommandsRun
        warnedGlyphs = child.warnedGlyphs
        settings.preview = child.settings.preview
        fileName = child.fileName
        savedDocument = child.savedDocument
        return responses
    }

    /// Records a new document state labelled with the command, when it differs (the history
    /// compares only what may have changed).
    mutating func commit(_ document: Document, _ label: String) {
        history.record(label, document)
    }

    /// Runs an edit on the document in place and records it, labelled with the command
    /// (`History.modify`): for the commands a long script repeats (adding layers and
    /// animations, setting properties), so each costs O(what it changes), not O(document).
    /// `edit` must read the document only through its argument, and change the lists only
    /// within `region`; when it throws, nothing changes.
    mutating func commitInPlace(_ label: String, _ region: History.Region,
                                _ edit: (Session, inout Document) throws(ScriptError) -> Void) throws(ScriptError) {
        var h = History(initial: Document(), capacity: 1)
        swap(&h, &history)
        defer { swap(&h, &history) }
        let session = self   // for `edit`'s helpers; holds the stand-in history, not the document
        try h.modify(label, in: region) { (doc) throws(ScriptError) in try edit(session, &doc) }
    }

    /// The index of the root layer whose subtree holds `name` (where an edit of it happens).
    func rootIndex(ofLayer name: String) -> Int? { document.indexPath(ofLayer: name)?.first }
}
