import LayerLabCore

/// `load`, `run` and `save`, through the injected `FileAccess` and `ProjectCodec`.
extension Session {
    /// `load FILE`: opens it. The document becomes what the file describes (a Lottie file told
    /// by its content is imported, a script is replayed from an empty document, a project
    /// decoded), as one undo step; a failure changes nothing.
    /// `animation` picks one animation of a file holding several (dotLottie); a file of any
    /// other kind is refused with it.
    mutating func load(_ file: Name, _ c: Command, strict: Bool = false, animation: String? = nil) throws(ScriptError) -> [Response] {
        let bytes = try read(file)
        // Another format told by content (Lottie), whatever the extension.
        if let codec {
            let imported: ImportedDocument?
            do { imported = try codec.importDocument(bytes, strict: strict, animation: animation) } catch {
                throw .file("cannot load '\(escapeForTerminal(file.text))': \(error)", file.range)
            }
            if let imported {
                commit(imported.document, c.text)
                sourceFile = file.text
                importOrigins = imported.origins.mapValues { $0 }
                // Saving goes to a new project or script, never over the file it came from.
                fileName = nil
                savedDocument = imported.document
                return imported.warnings.map { .effect(.warning("\(escapeForTerminal(file.text)): \($0)")) }
            }
        }
        if animation != nil {
            throw .file("cannot load '\(escapeForTerminal(file.text))' with animation=: only a dotLottie file holds several animations", file.range)
        }
        let doc: Document
        var responses: [Response] = []
        if Session.isScript(file.text) {
            var fresh = Session(files: files, codec: codec, settings: settings)
            fresh.loadDepth = loadDepth
            fresh.sourceFile = file.text
            fresh.warnedGlyphs = warnedGlyphs
            responses = try fresh.runScriptCommands(String(decoding: bytes, as: UTF8.self), name: file.text, label: c.text)
            doc = fresh.document
            time = fresh.time
            scriptCommandsRun += fresh.scriptCommandsRun
            warnedGlyphs = fresh.warnedGlyphs
            if fresh.settings.preview { settings.preview = true }
        } else {
            guard let codec else { throw .file("project files are not available in this build", file.range) }
            do { doc = try codec.decode(bytes) } catch {
                throw .file("cannot load '\(file.text)': \(error)", file.range)
            }
        }
        commit(doc, c.text)
        importOrigins = [:]
        fileName = file.text
        sourceFile = file.text
        savedDocument = doc
        return responses
    }

    /// `run FILE.lab`: the script's commands run into the current document, as one undo step.
    mutating func runFile(_ file: Name, _ c: Command) throws(ScriptError) -> [Response] {
        guard Session.isScript(file.text) else {
            throw .file("run takes a .lab script; `load \(escapeForTerminal(file.text))` opens a project", file.range)
        }
        let bytes = try read(file)
        // A Lottie file (told by its content) is not a script: it is opened, as `load` does.
        if let codec, (try? codec.importDocument(bytes, strict: false)) != nil { return try load(file, c) }
        let text = String(decoding: bytes, as: UTF8.self)
        if sourceFile == nil { sourceFile = file.text }
        return try runScriptCommands(text, name: file.text, label: c.text)
    }

    /// `.lab` files (and anything that is not `.json`) are scripts.
    static func isScript(_ path: String) -> Bool { !path.lowercased().hasSuffix(".json") }

    func read(_ file: Name) throws(ScriptError) -> [UInt8] {
        guard let files else { throw .file("files are not available here", file.range) }
        do { return try files.read(file.text) } catch {
            throw .file("cannot read '\(file.text)': \(error)", file.range)
        }
    }

    /// `save [FILE]`: a `.json` project, or with `.lab` a script that rebuilds the document
    /// (`ScriptWriter`); a name without an extension gets `.json`.
    /// - Parameter replacing: `save!`: replace the file even when it is not a project.
    mutating func save(_ file: Name?, _ c: Command, replacing: Bool = false) throws(ScriptError) -> String {
        let range = file?.range ?? c.verb.range
        guard var path = file?.text ?? fileName else {
            throw .file("save needs a file name the first time (save NAME.json, or save NAME.lab for a script)", range)
        }
        let base = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        if !base.dropFirst().contains(".") { path += ".json" }
        let bytes: [UInt8]
        switch path.lowercased() {
        case let p where p.hasSuffix(".json"):
            guard let codec else { throw .file("project files are not available in this build", range) }
            bytes = codec.encode(document)
        case let p where p.hasSuffix(".lab"):
            bytes = Array(try checkedScript(range).utf8)
        default:
            throw .file("save writes a .json project or a .lab script, not '\(escapeForTerminal(base))'", range)
        }
        guard let files else { throw .file("files are not available here", range) }
        do { try write(bytes, to: path, replacing: replacing, files) } catch {
            throw .file("cannot save '\(escapeForTerminal(path))': \(error)", range)
        }
        fileName = path
        sourceFile = path
        savedDocument = document
        return "saved \(escapeForTerminal(path))"
    }

    /// `edit`: the checked script and a name for its file.
    func editRequest(_ c: Command) throws(ScriptError) -> EditRequest {
        let script = try checkedScript(c.verb.range)
        var base = (fileName ?? sourceFile).flatMap { $0.split(separator: "/").last.map(String.init) } ?? "document"
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = String(base[..<dot]) }
        return EditRequest(script: script, fileName: base + ".lab")
    }

    /// Replays an edited script in a fresh session; on success its document replaces this one
    /// as ONE undoable step labelled `edit`. On an error nothing changes and the diagnostic
    /// points into `name` (the file the editor saved).
    package mutating func replaceDocument(withScript text: String, name: String) -> Outcome {
        var fresh = Session(files: files, codec: codec,
                            settings: Settings(sourceName: name, announceNames: false))
        let outcome = fresh.runScript(text, name: name)
        guard outcome.diagnostic == nil else { return outcome }
        commit(fresh.document, "edit")
        return outcome
    }

    /// The document as a script, checked by running it in a fresh session: a document loaded
    /// from a project may hold what no command states, and a script must rebuild it exactly.
    /// The script is first written as the user typed it (spellings, order, made-up names
    /// left out); should that not rebuild the document, as every value is stored.
    func checkedScript(_ range: SourceRange) throws(ScriptError) -> String {
        for spelled in [true, false] {
            let script = ScriptWriter.script(for: document, spelled: spelled)
            var replay = Session()
            let outcome = replay.runScript(script, name: "script")
            if outcome.diagnostic == nil, replay.document == document { return script }
        }
        throw .file("this document holds something no command can state (it came from a project or Lottie file); save it as .json", range)
    }
}
