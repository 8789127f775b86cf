import LayerLabCore

/// `load` and `save`, through the injected `FileAccess` and `ProjectCodec`.
extension Session {
    mutating func load(_ file: Name, _ c: Command) throws(ScriptError) -> [Response] {
        let bytes = try read(file)
        sourceFile = file.text
        if Session.isScript(file.text) {
            let text = String(decoding: bytes, as: UTF8.self)
            return try runScriptCommands(text, name: file.text, label: c.text)
        }
        guard let codec else { throw .file("project files are not available in this build", file.range) }
        let doc: Document
        do { doc = try codec.decode(bytes) } catch {
            throw .file("cannot load '\(file.text)': \(error)", file.range)
        }
        commit(doc, c.text)
        fileName = file.text
        savedDocument = doc
        return []
    }

    /// `.lab` files (and anything that is not `.json`) are scripts.
    static func isScript(_ path: String) -> Bool { !path.lowercased().hasSuffix(".json") }

    func read(_ file: Name) throws(ScriptError) -> [UInt8] {
        guard let files else { throw .file("files are not available here", file.range) }
        do { return try files.read(file.text) } catch {
            throw .file("cannot read '\(file.text)': \(error)", file.range)
        }
    }

    /// - Parameter replacing: `save!`: replace the file even when it is not a project.
    mutating func save(_ file: Name?, _ c: Command, replacing: Bool = false) throws(ScriptError) -> String {
        let range = file?.range ?? c.verb.range
        guard let path = file?.text ?? fileName else {
            throw .file("save needs a file name the first time (save NAME.json)", range)
        }
        if !path.lowercased().hasSuffix(".json") {
            throw .file("projects are saved as .json (scripts are written by hand)", range)
        }
        guard let codec, let files else { throw .file("project files are not available in this build", range) }
        do { try write(codec.encode(document), to: path, replacing: replacing, files) } catch {
            throw .file("cannot save '\(path)': \(error)", range)
        }
        fileName = path
        sourceFile = path
        savedDocument = document
        return "saved \(escapeForTerminal(path))"
    }
}
