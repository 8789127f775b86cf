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
public struct Session: Sendable {
    public struct Settings: Sendable, Equatable {
        /// Show a frame after every command that changes the document or the time.
        public var preview = false
        /// The name diagnostics give `handle` input (`<stdin>`).
        public var sourceName = "<stdin>"
        /// Print the names given to unnamed animations and events (interactive use; scripts
        /// and piped input stay quiet so their output is only what they ask for).
        public var announceNames = true
        /// The terminal's width, when output goes to one: `timeline` fits its chart to it.
        public var columns: Int?
        public init(preview: Bool = false, sourceName: String = "<stdin>", announceNames: Bool = true) {
            self.preview = preview; self.sourceName = sourceName; self.announceNames = announceNames
        }
    }

    public internal(set) var history: History
    /// The current scene time: where `show`, `inspect` and `set … animated` look.
    public internal(set) var time: Double = 0
    /// The file `save` writes without an argument.
    public internal(set) var fileName: String?
    /// The script or project loaded or saved last: relative file names in the document (image
    /// contents and flipbook frames) are read from its folder.
    public internal(set) var sourceFile: String?
    public var settings: Settings
    /// The document as last saved or loaded, for `isDirty`.
    var savedDocument: Document
    /// Where the animations of a document opened from another format came from, by name
    /// (`explain` names them); empty otherwise.
    var importOrigins: [String: ImportOrigin] = [:]
    /// Commands run from scripts (`load`, `layerlab run`), for `layerlab run`'s summary.
    public internal(set) var scriptCommandsRun = 0
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

    public init(files: (any FileAccess)? = nil, codec: (any ProjectCodec)? = nil, settings: Settings = Settings(),
                document: Document = Document()) {
        self.files = files
        self.codec = codec
        self.settings = settings
        history = History(initial: document)
        savedDocument = document
    }

    public var document: Document { history.current }

    /// Unsaved changes since the last save or load (undoing back to it makes this false).
    public var isDirty: Bool { document != savedDocument }

    /// Whether `handle` is collecting a multi-line command (show the continuation prompt).
    public var isContinuing: Bool { !pending.isEmpty }

    // MARK: - Input

    /// Handles one line of input: buffers it while a bracket is open or it ends with `\`,
    /// otherwise runs every command on it (each its own undo step).
    public mutating func handle(_ line: String) -> Outcome {
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
    public mutating func finishInput() -> Outcome? {
        guard !pending.isEmpty else { return nil }
        return runPending(pending.joined(separator: "\n"))
    }

    /// Drops a partly typed multi-line command (Ctrl-C at the continuation prompt).
    public mutating func cancelInput() {
        nextLine += pending.count
        pending = []
    }

    private mutating func runPending(_ text: String) -> Outcome {
        let first = nextLine
        nextLine += pending.count
        pending = []
        return run(text, name: settings.sourceName, firstLine: first)
    }

    /// Runs text, each command its own undo step, stopping at the first failure (commands
    /// before it stay done).
    public mutating func run(_ text: String, name: String, firstLine: Int = 1) -> Outcome {
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
    public mutating func runScript(_ text: String, name: String) -> Outcome {
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
