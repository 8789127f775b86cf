import LayerLabCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import LayerLabScript

/// `edit`: the document as a script in the user's editor, replayed when the editor exits.
extension REPL {
    func edit(_ request: EditRequest) {
        guard let editor = ExternalEditor(environment: environment) else {
            io.err("edit needs an editor: set $VISUAL or $EDITOR (for example EDITOR=nano)")
            return
        }
        guard let folder = REPL.temporaryFolder() else {
            io.err("edit cannot create a temporary folder for the script")
            return
        }
        let path = folder + "/" + request.fileName
        // A plain write (an atomic one would leave a `TemporaryDirectory.*` folder in /tmp).
        guard (try? Data(request.script.utf8).write(to: URL(fileURLWithPath: path))) != nil else {
            io.err("edit cannot write \(escapeForTerminal(path))")
            return
        }
        var line: Int?
        while true {
            guard let status = editor.edit(path, line: line) else {
                io.err("the editor '\(escapeForTerminal(editor.command))' did not run to the end; the document is unchanged"
                       + " (the script is in \(escapeForTerminal(path)))")
                return
            }
            guard status == 0 else {
                io.err("the editor exited with status \(status); the document is unchanged (the script is in \(escapeForTerminal(path)))")
                return
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                io.err("cannot read \(escapeForTerminal(path)) back; the document is unchanged")
                return
            }
            let text = String(decoding: data, as: UTF8.self)
            if text == request.script {
                io.out("no changes")
                REPL.remove(folder: folder, file: path)
                return
            }
            let outcome = session.replaceDocument(withScript: text, name: path)
            if let d = outcome.diagnostic {
                io.err(d.description)
                let at = d.line > 0 ? " at line \(d.line)" : ""
                if ask("The document is unchanged. Reopen the script\(at)? [Y/n] ") {
                    line = d.line > 0 ? d.line : nil
                    continue
                }
                io.err("your edited script stays in \(escapeForTerminal(path)) (load it once it is fixed)")
                return
            }
            for case .text(let s) in outcome.responses where !s.isEmpty { io.out(s) }
            io.out("replaced the document with the edited script (undo brings the old one back)")
            REPL.remove(folder: folder, file: path)
            return
        }
    }

    /// A yes/no question at the prompt; Enter means yes, anything but y/n asks again.
    func ask(_ question: String) -> Bool { confirm(question, byDefault: true) }

    /// A private folder for the script (`$TMPDIR`, else /tmp).
    static func temporaryFolder() -> String? {
        let base = ProcessEnvironment.current()["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/layerlab-edit-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
    }

    static func remove(folder: String, file: String) {
        unlink(file)
        rmdir(folder)
    }
}
