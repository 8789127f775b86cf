import LayerLabCore

/// File access that can also replace a file that is not a LayerLab project (`save! FILE`);
/// a plain `write` refuses such a file so a slip of the keyboard cannot destroy it.
public protocol ReplacingFileAccess: FileAccess {
    func write(_ bytes: [UInt8], to path: String, replacing: Bool) throws
}

/// The two project commands the front end adds to the language: `save! FILE` and `recover`.
///
/// NB: they are matched on the line's text before `handle(_:)`, because the parser's command
/// set is closed; once it knows these words this can move into `perform`.
extension Session {
    /// Runs `save! FILE` or `recover` when `line` is one of them; nil for anything else.
    /// - Parameter recovered: the newest crashed session's work (document and file), if any;
    ///   called only for `recover`.
    public mutating func handleProjectCommand(
        _ line: String, recovered: () -> (document: Document, file: String?)?
    ) -> Outcome? {
        guard pending.isEmpty else { return nil }
        let words = ProjectCommandLine(line)
        guard let verb = words.verb, verb == "save!" || verb == "recover" else { return nil }
        let lineNumber = nextLine
        nextLine += 1
        func failed(_ message: String, _ columns: Range<Int>) -> Outcome {
            let range = SourceRange(SourceLocation(line: lineNumber, column: columns.lowerBound),
                                    SourceLocation(line: lineNumber, column: columns.upperBound))
            return .failed([], Diagnostic(.file(message, range), file: settings.sourceName, text: line, firstLine: lineNumber))
        }
        if let extra = words.extra { return failed("unexpected text after the command", extra) }
        if verb == "recover" {
            guard words.argument == nil else { return failed("recover takes no file name", words.argumentColumns) }
            guard let (doc, file) = recovered() else {
                return failed("there is no unsaved work from a crashed session to recover", words.verbColumns)
            }
            commit(doc, "recover")
            if let file { fileName = file }
            return .done([.text("recovered the work of a session that did not exit cleanly"
                + (file.map { " (editing \(escapeForTerminal($0)))" } ?? "") + "; 'undo' puts back what was here")])
        }
        guard let path = words.argument else { return failed("save! needs the file to replace (save! FILE.json)", words.verbColumns) }
        if !path.lowercased().hasSuffix(".json") {
            return failed("projects are saved as .json (scripts are written by hand)", words.argumentColumns)
        }
        guard let codec, let files else { return failed("project files are not available in this build", words.verbColumns) }
        do {
            let bytes = codec.encode(document)
            if let replacing = files as? any ReplacingFileAccess {
                try replacing.write(bytes, to: path, replacing: true)
            } else {
                try files.write(bytes, to: path)
            }
        } catch {
            return failed("cannot save '\(path)': \(error)", words.argumentColumns)
        }
        fileName = path
        savedDocument = document
        return .done([.text("saved \(escapeForTerminal(path))")])
    }
}

/// A command line split as `VERB [FILE]`: the file may be in double quotes, and a `#` comment
/// may follow. Columns are 1-based, end-exclusive, for diagnostics.
struct ProjectCommandLine {
    var verb: String?
    var verbColumns = 1..<2
    var argument: String?
    var argumentColumns = 1..<2
    /// Where text follows the argument that should not.
    var extra: Range<Int>?

    init(_ line: String) {
        let chars = Array(line)
        var i = 0
        func skipSpace() { while i < chars.count, chars[i] == " " || chars[i] == "\t" || chars[i] == "\r" { i += 1 } }
        func atEnd() -> Bool { i >= chars.count || chars[i] == "#" }
        func word() -> (String, Range<Int>) {
            let start = i
            if chars[i] == "\"" {
                i += 1
                while i < chars.count, chars[i] != "\"" { i += 1 }
                let text = String(chars[(start + 1)..<min(i, chars.count)])
                if i < chars.count { i += 1 }
                return (text, (start + 1)..<(i + 1))
            }
            while i < chars.count, !" \t\r#".contains(chars[i]) { i += 1 }
            return (String(chars[start..<i]), (start + 1)..<(i + 1))
        }
        skipSpace()
        guard !atEnd() else { return }
        (verb, verbColumns) = word()
        skipSpace()
        guard !atEnd() else { return }
        (argument, argumentColumns) = word()
        skipSpace()
        if !atEnd() { extra = (i + 1)..<(chars.count + 1) }
    }
}
