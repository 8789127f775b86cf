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
public final class REPL {
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

    init(session: Session, io: StandardIO, editor: LineEditor, historyStore: HistoryStore?,
         environment: [String: String], effects: EffectPerformer, color: Bool, recovery: SessionRecovery) {
        self.session = session; self.io = io; self.editor = editor; self.historyStore = historyStore
        self.environment = environment; self.effects = effects; self.color = color; self.recovery = recovery
    }

    /// Runs the REPL at a terminal, with `file` loaded first; nil when libedit cannot start
    /// (the caller falls back to a plain loop).
    public static func run(file: String?, io: StandardIO, environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32? {
        _ = setlocale(LC_CTYPE, "")
        let color = ColorMode.resolve(.auto, environment: environment, isTerminal: isatty(STDOUT_FILENO) == 1) != .none
        let store = HistoryStore.defaultPath(environment: environment).map { HistoryStore(path: $0) }
        guard let editor = LineEditor(entries: store?.load() ?? []) else { return nil }
        let recovery = SessionRecovery()
        if let notice = recovery.notice { io.err(notice) }
        let effects = EffectPerformer(baseDirectory: io.baseDirectory ?? file.map(ShellCommand.directory(of:)))
        let repl = REPL(session: Session.forCommandLine(sourceName: "<stdin>", announceNames: true), io: io,
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
        // Every return below is a clean exit; a crash or kill leaves the journal for `recover`.
        let recovery = SessionRecovery(directory: RecoveryJournal.defaultDirectory(environment: environment))
        if let notice = recovery.notice { io.err(notice) }
        defer { recovery.finish() }
        while true {
            let prompt = Prompt(dirty: session.isDirty, time: session.time == 0 ? nil : session.time,
                                continuing: session.isContinuing)
            editor.complete = { [unowned self] line, cursor in self.completer.complete(line, cursor: cursor) }
            editor.hint = { [unowned self] line in self.hinter.hint(for: line) }
            editor.hintsBelow = color
            switch editor.readLine(prompt: prompt.text(color: color)) {
            case .interrupted:
                if session.isContinuing { session.cancelInput() }
            case .endOfInput:
                if session.isContinuing {
                    session.cancelInput()
                    io.out("")
                    continue
                }
                io.out("")
                if leave(force: false) { return 0 }
            case .line(let line):
                remember(line)
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if !session.isContinuing && (trimmed == "quit!" || trimmed == "exit!") { return 0 }
                if !session.isContinuing, let verb = trimmed.split(separator: " ").first,
                   verb == "new" || verb == "load", !confirmDiscard(verb: String(verb)) {
                    continue
                }
                let outcome = session.handle(line)
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
            case .effect(.edit(let request)):
                edit(request)
            case .effect(let other):
                // Images are read from the folder of the file loaded or saved last.
                var performer = effects
                if let file = session.sourceFile { performer.baseDirectory = ShellCommand.directory(of: file) }
                _ = performer.perform(other, io)
            }
        }
        if let d = outcome.diagnostic { io.err(d.description) }
        if quitting {
            if leave(force: false) { next = .leave }
        } else if case .done = outcome {
            quitWarned = false
        }
        return next
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
        let question = "There are unsaved changes; \(verb) anyway? [y/N] "
        editor.hint = nil
        editor.complete = nil
        guard case .line(let answer) = editor.readLine(prompt: question) else { return false }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }

    func remember(_ line: String) {
        guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { return }
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
        let expanded = path.hasPrefix("~/") ? (ProcessInfo.processInfo.environment["HOME"] ?? "~") + path.dropFirst(1) : path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: expanded) else { return [] }
        return names.sorted().map { name in
            var st = stat()
            let isDirectory = stat(expanded + "/" + name, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
            return .init(name: name, isDirectory: isDirectory)
        }
    }
}
