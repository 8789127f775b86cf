import LayerLabCore

/// Dispatch: one command in, responses out (or a `ScriptError`, with nothing changed).
extension Session {
    mutating func perform(_ c: Command) throws(ScriptError) -> [Response] {
        // Only for previews and the prompt's notes: holding the document would make every
        // edit copy it, and scripts and piped input repeat thousands of edits.
        let before = settings.preview || settings.announceNames ? (document, time) : nil
        var out: [Response]
        switch c.kind {
        case .canvas(let args): try canvas(args, c); out = []
        case .path(let n, let e): try definePath(n, e, c); out = []
        case .layer(let kind, let n, let args, let cells): try addLayer(kind, n, args, cells: cells, c); out = []
        case .set(let target, let args):
            try set(target, args, c)
            out = args.has(CommandTable.SetCommand.animated) ? [] : overrideNotes(args.arguments, layer: target.text).map { .text($0) }
        case .setKeyPath(let target, let e):
            try setKeyPath(target, e, c)
            let (owner, rest) = splitTarget(target)
            out = rest.map { overrideNotes([Argument(key: $0, value: e)], layer: owner.text).map { .text($0) } } ?? []
        case .delete(let n): try delete(n, c); out = []
        case .rename(let old, let new): try rename(old, new, c); out = []
        case .move(let n, let args): try move(n, args, c); out = []
        case .animation(let a): out = try addAnimation(a, c)
        case .group(let n, let layer, let args, let children): out = try addGroup(n, layer, args, children, c)
        case .at(let t, let target, let args, let value): out = try schedule(t, target, args, value, c)
        case .show(let args): out = [.effect(.show(try showRequest(args)))]
        case .play(let args): out = [.effect(.play(try playRequest(args)))]
        case .frames(let args): out = [.effect(.frames(try framesRequest(args)))]
        case .seek(let e): time = try sceneTime(e); out = []
        case .preview(let w): settings.preview = w.text == "on"; out = []
        case .timeline: out = [.text(timelineText())]
        case .tree: out = [.text(treeText())]
        case .history: out = [.text(historyText())]
        case .inspect(let target, let args): out = [.text(try inspect(target, args))]
        case .explain(let target, let args): out = [.text(try explain(target, args))]
        case .undo(let e): out = [.text(try undoRedo(e, undo: true))]
        case .redo(let e): out = [.text(try undoRedo(e, undo: false))]
        case .new:
            commit(Document(), c.text)
            fileName = nil
            // Nothing in an empty document is worth a question before the next `load`.
            savedDocument = document
            importOrigins = [:]
            out = []
        case .load(let file): out = try load(file, c)
        case .loadStrict(let file): out = try load(file, c, strict: true)
        case .loadAnimation(let file, let id, let strict):
            guard let text = Session.wordOrString(id) else { throw .invalid("animation= takes an animation ID (a word or a quoted string)", id.range) }
            out = try load(file, c, strict: strict, animation: text)
        case .run(let file): out = try runFile(file, c)
        case .save(let file): out = [.text(try save(file, c))]
        case .saveReplacing(let file): out = [.text(try save(file, c, replacing: true))]
        case .recover: out = [.text(try recover(c))]
        case .edit: out = [.effect(.edit(try editRequest(c)))]
        case .export(let format, let file, let args): out = [.effect(.export(try exportRequest(format, file, args)))]
        case .help(let topic): out = [.effect(.page(try HelpText.render(topic)))]
        case .quit: out = [.effect(.quit)]
        case .clearScreen: out = [.effect(.clearScreen)]
        case .watch(let file, let args): out = [.effect(.watch(try watchRequest(file, args)))]
        }
        if let w = glyphWarning(after: c) { out.insert(.effect(.warning(w)), at: 0) }
        if let before {
            out += textNotes(before: before.0).map { .text($0) }
            if settings.preview, before.0 != document || before.1 != time, !out.contains(where: Session.isFrame) {
                out.append(.effect(.show(ShowRequest(document: document, time: time))))
            }
        }
        return out
    }

    static func isFrame(_ r: Response) -> Bool {
        if case .effect(.show) = r { return true }
        return false
    }

    // MARK: - Shared helpers

    /// Runs a core edit, giving its error the position `range`.
    func edit(_ range: SourceRange, _ body: () throws(EditError) -> Void) throws(ScriptError) {
        do { try body() } catch { throw .edit(error, range) }
    }

    var reader: ValueReader { ValueReader(document: document) }

    /// Checks that `name` is a layer, suggesting the nearest one when it is not.
    func requireLayer(_ name: Name, in doc: Document? = nil) throws(ScriptError) -> Layer {
        let doc = doc ?? document
        if let l = doc.layer(named: name.text) { return l }
        throw .unknown(what: "layer", name: name.text, name.range,
                       suggestion: Suggestion.nearest(name.text, in: doc.allLayers.map(\.layer.name)))
    }

    /// Resolves a key path for a layer, with a suggestion or a note on which kind has it.
    func resolveKeyPath(_ name: Name, on layer: Layer, animatable: Bool = false) throws(ScriptError) -> LayerKeyPath {
        guard let kp = LayerKeyPath.resolve(name.text, for: layer.kind) else {
            if LayerKeyPath.resolve(name.text, for: nil) != nil {
                let kinds = LayerKind.allCases.filter { LayerKeyPath.resolve(name.text, for: $0) != nil }.map(\.rawValue)
                let kind = layer.kind == .layer ? "plain" : layer.kind.rawValue
                throw .invalid("'\(escapeForTerminal(name.text))' belongs to \(kinds.joined(separator: "/")) layers, and '\(escapeForTerminal(layer.name))' is a \(kind) layer", name.range)
            }
            throw .unknown(what: "key path", name: name.text, name.range,
                           suggestion: Suggestion.nearest(name.text, in: LayerKeyPath.names(for: layer.kind)))
        }
        if animatable && !kp.isAnimatable {
            throw .invalid("'\(kp.name)' is not animatable (set it, or schedule it with `at`)", name.range)
        }
        return kp
    }

    /// Reads a time expression and evaluates it against the current document.
    func sceneTime(_ e: Expr, in doc: Document? = nil) throws(ScriptError) -> Double {
        let doc = doc ?? document
        let t = try ValueReader(document: doc).timeExpr(e)
        // Set up only when the time names an animation or marker: `--at 2` needs none.
        var ev: Evaluator?
        let v = t.evaluate { name in
            if ev == nil { ev = Evaluator(document: doc) }
            return ev?.interval(of: name)
        }
        guard let v else {
            throw .invalid("this time cannot be worked out", e.range)
        }
        guard v.isFinite else { throw .invalid("this time is infinite", e.range) }
        guard Limits.sceneTimes.contains(v) else { throw .outOfRange("a time", Limits.sceneTimes, found: v, e.range) }
        return v
    }

    /// Checks that every argument is one of `allowed`, suggesting the nearest for others (the
    /// animation commands, whose names come from the timing table and the body attributes).
    func checkAttributes(_ args: ArgumentList, _ allowed: [String], command: String) throws(ScriptError) {
        for a in args.arguments where !allowed.contains(a.key.text) {
            throw .unknownAttribute(a.key.text, command: command, a.key.range,
                                    suggestion: Suggestion.nearest(a.key.text, in: allowed))
        }
    }
}
