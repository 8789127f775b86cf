#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import LayerLabCore
import LayerLabRaster
import LayerLabScript

/// The interactive front end: libedit prompt, history, completion and hints around a `Session`.
///
/// Following CPython's `code.InteractiveConsole`, the session parses and runs input and this
/// type owns the console: prompts (`layerlab> `, `...> `), the history file, Ctrl-C and Ctrl-D,
/// the questions about unsaved changes, and the effects only a terminal can perform (`play`
/// here; `show`, `frames` and `export` through `EffectPerformer`).
package final class REPL {
    var session: Session
    let io: StandardIO
    let editor: LineEditor
    let historyStore: HistoryStore?
    let environment: [String: String]
    let effects: EffectPerformer
    let color: Bool
    /// The crash-recovery journal: the document after each change, removed on a clean exit.
    let recovery: SessionRecovery
    /// The warning about unsaved changes was given; the next quit or Ctrl-D leaves.
    var quitWarned = false
    /// The lines of the command being continued, kept as one history entry when it ends.
    var continuedLines: [String] = []
    /// The note on how to end a continued command was shown.
    var continuationExplained = false

    init(session: Session, io: StandardIO, editor: LineEditor, historyStore: HistoryStore?,
         environment: [String: String], effects: EffectPerformer, color: Bool, recovery: SessionRecovery) {
        self.session = session; self.io = io; self.editor = editor; self.historyStore = historyStore
        self.environment = environment; self.effects = effects; self.color = color; self.recovery = recovery
    }

    /// Runs the REPL at a terminal, with `file` loaded first; nil when libedit cannot start
    /// (the caller falls back to a plain loop).
    package static func run(file: String?, io: StandardIO, environment: [String: String] = ProcessEnvironment.current()) -> Int32? {
        _ = setlocale(LC_CTYPE, "")
        let color = ColorMode.resolve(.auto, environment: environment, isTerminal: isatty(STDOUT_FILENO) == 1) != .none
        let store = HistoryStore.defaultPath(environment: environment).map { HistoryStore(path: $0) }
        // The terminal is asked about images now, before the line editor reads a key, so its
        // answers never reach the editor (and frames later know their mode at once).
        if !GraphicsProbe.isMultiplexed(environment), GraphicsProbe.worthAsking(environment) {
            _ = GraphicsProbe.support(environment: environment)
        }
        guard let editor = LineEditor(entries: store?.load() ?? []) else { return nil }
        let recovery = SessionRecovery(directory: RecoveryJournal.defaultDirectory(environment: environment))
        if let notice = recovery.notice { io.err(notice) }
        // One line that says where help is, so a first prompt is never a blank wall.
        io.err("LayerLab \(CLI.version): 'help' lists the commands, Tab completes, Ctrl-D leaves.")
        let effects = EffectPerformer(baseDirectory: io.baseDirectory ?? file.map(ShellCommand.directory(of:)))
        var session = Session.forCommandLine(sourceName: "<input>", announceNames: true)
        session.settings.linesPerEntry = true
        let repl = REPL(session: session, io: io,
                        editor: editor, historyStore: store, environment: environment, effects: effects,
                        color: color, recovery: recovery)
        if let file {
            let outcome = repl.session.open(file)
            recovery.record(repl.session)
            if repl.perform(outcome) == .leave {
                recovery.finish()
                return 0
            }
        }
        let status = repl.loop()
        // Leaving on purpose is a clean exit: the journal goes (a crash or kill leaves it).
        recovery.finish()
        return status
    }

    /// Reads and runs lines until the user leaves; returns the exit status.
    func loop() -> Int32 {
        // Ctrl-C while a command runs must not kill the session (at the prompt it is a key).
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        defer { signal(SIGINT, previousInterrupt) }
        // Every return below is a clean exit (the caller finishes the one journal of this
        // session); a crash or kill leaves the journal for `recover`.
        while true {
            let prompt = Prompt(dirty: session.isDirty, time: session.time == 0 ? nil : session.time,
                                continuing: session.isContinuing, open: session.openInput)
            editor.complete = { [unowned self] line, cursor in self.completer.complete(line, cursor: cursor) }
            editor.hint = { [unowned self] line in self.hinter.hint(for: line) }
            editor.hintsBelow = color
            switch editor.readLine(prompt: prompt.text(color: color)) {
            case .interrupted:
                if session.isContinuing { session.cancelInput() }
                continuedLines = []
            case .endOfInput:
                continuedLines = []
                if session.isContinuing {
                    session.cancelInput()
                    io.out("")
                    continue
                }
                io.out("")
                if leave(force: false) { return 0 }
            case .line(let line):
                let trimmed = line.trimmingBlanks
                if !session.isContinuing {
                    if trimmed == "quit!" || trimmed == "exit!" { remember(line); return 0 }
                    if let verb = trimmed.split(separator: " ").first, verb == "new" || verb == "load" {
                        remember(line)
                        if !confirmDiscard(verb: String(verb)) { continue }
                    }
                }
                session.settings.columns = TerminalSize.current(environment: environment).columns
                var outcomes: [Outcome]
                if session.isContinuing && trimmed.isEmpty {
                    outcomes = [session.endInput() ?? .done([])]
                } else {
                    outcomes = session.handleLine(line)
                    if outcomes.count > 1 {
                        // A command word ended the open command: it failed, and this line is
                        // a command (and a history entry) of its own.
                        remember(Lexer.historyEntry(continuedLines))
                        continuedLines = []
                        recovery.record(session)
                        if perform(outcomes.removeFirst()) == .leave { return 0 }
                    }
                    if !trimmed.isEmpty { continuedLines.append(line) }
                }
                let outcome = outcomes[0]
                if case .needsMoreInput = outcome {
                    explainContinuation()
                    continue
                }
                if continuedLines.count > 1 || !["new", "load"].contains(trimmed.split(separator: " ").first ?? "") {
                    remember(Lexer.historyEntry(continuedLines))
                }
                continuedLines = []
                recovery.record(session)
                if perform(outcome) == .leave { return 0 }
            }
        }
    }

    // MARK: - Running

    enum Next { case stay, leave }

    /// Prints an outcome's texts and diagnostic and performs its effects, in order.
    func perform(_ outcome: Outcome) -> Next {
        var next = Next.stay
        var quitting = false
        for r in outcome.responses {
            switch r {
            case .text(let s):
                if !s.isEmpty { io.out(s) }
            case .effect(.quit):
                quitting = true
            case .effect(.watch(let request)):
                // Leaving `watch` keeps what was watched: the file's last good version becomes
                // the document, one undo step.
                if let document = effects.watch(request, io), document != session.document {
                    session.adopt(document, label: "watch \(request.file)", file: request.file)
                    recovery.record(session)
                    io.out("the document is now \(escapeForTerminal(request.file))'s (undo goes back)")
                }
            case .effect(.edit(let request)):
                edit(request)
            case .effect(let other):
                // Images are read from the folder of the file loaded or saved last.
                var performer = effects
                if let file = session.sourceFile { performer.baseDirectory = ShellCommand.directory(of: file) }
                _ = performer.perform(other, io)
            }
        }
        if let d = outcome.diagnostic { io.err(d.text(color: color)) }
        if quitting {
            if leave(force: false) { next = .leave }
        } else if case .done = outcome {
            quitWarned = false
        }
        return next
    }

    /// Says once a session how an open command ends, the first time one is left open.
    func explainContinuation() {
        guard !continuationExplained, let open = session.openInput else { return }
        continuationExplained = true
        let closer = open.hasPrefix("{") ? "'}' closes it" : open == "\\" ? "the next line continues it" : "'\(open == "(" ? ")" : "]")' closes it"
        let note = "(\(open == "\\" ? "the line goes on" : "'\(open.prefix(1))' is open"): \(closer); an empty line ends it; Ctrl-C drops it)"
        let width = max(20, TerminalSize.current(environment: environment).columns - 1)
        for line in ReadingText.wrap(note, width: width) { io.out(color ? Escape.dim + line + Escape.reset : line) }
    }

    /// Whether to leave now: yes without unsaved changes or when already warned; otherwise
    /// warn once.
    func leave(force: Bool) -> Bool {
        if force || !session.isDirty || quitWarned { return true }
        quitWarned = true
        io.err("There are unsaved changes. `save FILE` keeps them; `quit!` or Ctrl-D again leaves without saving.")
        return false
    }

    /// Asks before `new` or `load` throws away unsaved changes.
    func confirmDiscard(verb: String) -> Bool {
        guard session.isDirty else { return true }
        return confirm("There are unsaved changes; \(verb) anyway? [y/N] ", byDefault: false)
    }

    /// Asks a yes/no question until it gets an answer: y/yes or n/no in any case, Enter for
    /// `byDefault`; anything else asks again (a command typed by mistake must not count as an
    /// answer). Ctrl-C or Ctrl-D is No.
    func confirm(_ question: String, byDefault: Bool) -> Bool {
        editor.hint = nil
        editor.complete = nil
        var prompt = question
        while true {
            guard case .line(let answer) = editor.readLine(prompt: prompt) else {
                // Ctrl-C or Ctrl-D leaves the cursor after the question: end its line, so the
                // next prompt does not overwrite it.
                io.out("")
                return false
            }
            if let yes = REPL.answer(answer, byDefault: byDefault) { return yes }
            prompt = "Please answer y or n (Enter is \(byDefault ? "yes" : "no")). \(question)"
        }
    }

    /// Reads a yes/no answer: y/yes or n/no in any case, an empty line being `byDefault`; nil
    /// for anything else.
    static func answer(_ text: String, byDefault: Bool = false) -> Bool? {
        switch text.trimmingBlanks.lowercased() {
        case "y", "yes": return true
        case "n", "no": return false
        case "": return byDefault
        default: return nil
        }
    }

    func remember(_ line: String) {
        guard !line.trimmingBlanks.isEmpty else { return }
        editor.remember(line)
        historyStore?.append(line)
    }

    // MARK: - Completion and hints

    var completionContext: CompletionContext {
        CompletionContext(document: session.document, pendingLines: session.pendingLines,
                          listDirectory: REPL.listDirectory)
    }

    var completer: Completer { Completer(completionContext) }
    var hinter: ArgumentHint { ArgumentHint(completionContext) }

    /// The entries of a directory (`""` is the current one), for file-name completion.
    @Sendable static func listDirectory(_ dir: String) -> [CompletionContext.FileEntry] {
        let path = dir.isEmpty ? "." : dir
        let expanded = path.hasPrefix("~/") ? (ProcessEnvironment.current()["HOME"] ?? "~") + path.dropFirst(1) : path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: expanded) else { return [] }
        return names.sorted().map { name in
            var st = stat()
            let isDirectory = stat(expanded + "/" + name, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
            return .init(name: name, isDirectory: isDirectory)
        }
    }
}
