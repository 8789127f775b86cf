import LayerLabCore

/// File access that can also replace a file that is not a LayerLab project (`save! FILE`);
/// a plain `write` refuses such a file, so a slip of the keyboard cannot destroy it.
package protocol ReplacingFileAccess: FileAccess {
    func write(_ bytes: [UInt8], to path: String, replacing: Bool) throws
}

/// Where `recover` finds the work of a session that crashed: the front end's recovery journal.
package protocol RecoverySource: Sendable {
    /// The newest crashed session's document and the file it was editing, taken out of the
    /// journal; nil when there is none.
    func takeRecoveredWork() -> (document: Document, file: String?)?
}

/// `save!` and `recover`, through the injected `FileAccess` (which may also be a
/// `ReplacingFileAccess` and a `RecoverySource`).
extension Session {
    func write(_ bytes: [UInt8], to path: String, replacing: Bool, _ files: any FileAccess) throws {
        if replacing, let r = files as? any ReplacingFileAccess {
            try r.write(bytes, to: path, replacing: true)
        } else {
            try files.write(bytes, to: path)
        }
    }

    /// Replaces the document with a crashed session's work, as one undoable step.
    mutating func recover(_ c: Command) throws(ScriptError) -> String {
        guard let source = files as? any RecoverySource, let (doc, file) = source.takeRecoveredWork() else {
            throw .file("there is no unsaved work from a crashed session to recover", c.verb.range)
        }
        commit(doc, c.text)
        if let file { fileName = file }
        return "recovered the work of a session that did not exit cleanly"
            + (file.map { " (editing \(escapeForTerminal($0)))" } ?? "") + "; 'undo' puts back what was here"
    }
}
