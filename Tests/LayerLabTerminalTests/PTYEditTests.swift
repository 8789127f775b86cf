import Foundation
import Glibc
import Testing
@testable import LayerLabTerminal

/// `edit` at a terminal: the document as a script in `$EDITOR`, replayed when it exits.
///
/// The editor is a small shell script named `vi` (so LayerLab passes it `+LINE`): the first
/// time it adds a broken line and a new animation; opened again at a line, it logs the `+LINE`
/// it was given and deletes the broken line.
@Suite(.serialized)
struct PTYEditTests {
    static func fakeEditor(in folder: String) -> String {
        let path = folder + "/vi"
        let text = """
            #!/bin/sh
            for last; do :; done
            case "$1" in
              +*) echo "$1" >> "$0.log"; sed -i '/^bogus/d' "$last" ;;
              *) printf 'bogus here\\nanimate dot opacity to=0.5 duration=2 as pulse\\n' >> "$last" ;;
            esac

            """
        // O_CLOEXEC: a process another test spawns at this moment must not inherit a writable
        // descriptor, or running the script fails with "Text file busy".
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        _ = text.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
        return path
    }

    @Test func anErrorKeepsTheDocumentAndReopensAtItsLine() throws {
        let state = PTYREPLTests.stateDirectory()
        let editor = Self.fakeEditor(in: state)
        let pty = try PTYREPLTests.start(state: state, extra: ["EDITOR": editor, "TMPDIR": state])
        PTYREPLTests.enter(pty, "shape dot path=circle(10, 10, 5)")
        var mark = pty.mark
        pty.send("edit\r")
        #expect(pty.wait(for: "Reopen the script at line 3? [Y/n]", from: mark), "\(pty.text(from: mark))")
        let asked = pty.text(from: mark)
        #expect(asked.contains("document.lab:3:1: unknown command 'bogus'"))
        // The document is untouched while the question is open.
        mark = pty.mark
        pty.send("\r")
        #expect(pty.wait(for: "replaced the document with the edited script", from: mark), "\(pty.text(from: mark))")
        pty.waitUntilEditing()
        let log = try String(contentsOfFile: editor + ".log", encoding: .utf8)
        #expect(log == "+3\n", "the editor was reopened at the error's line")
        #expect(PTYREPLTests.enter(pty, "inspect dot.opacity at=1").contains("dot.opacity = 0.75"))
        // One undoable step: undo brings the document from before `edit` back.
        #expect(PTYREPLTests.enter(pty, "history").contains("* 2  edit"))
        PTYREPLTests.enter(pty, "undo")
        #expect(PTYREPLTests.enter(pty, "inspect dot.opacity at=1").contains("dot.opacity = 1"))
        // The temporary script is gone.
        let left = try FileManager.default.contentsOfDirectory(atPath: state).filter { $0.hasPrefix("layerlab-edit-") }
        #expect(left.isEmpty)
    }

    @Test func decliningToReopenKeepsTheOldDocument() throws {
        let state = PTYREPLTests.stateDirectory()
        let editor = Self.fakeEditor(in: state)
        let pty = try PTYREPLTests.start(state: state, extra: ["EDITOR": editor, "TMPDIR": state])
        PTYREPLTests.enter(pty, "layer dot opacity=0.25")
        let mark = pty.mark
        pty.send("edit\r")
        #expect(pty.wait(for: "[Y/n]", from: mark))
        let out = PTYREPLTests.enter(pty, "n")
        #expect(out.contains("your edited script stays in"))
        #expect(PTYREPLTests.enter(pty, "history").contains("* 1  layer dot opacity=0.25"))
        #expect(PTYREPLTests.enter(pty, "inspect dot.opacity at=0").contains("dot.opacity = 0.25"))
    }

    @Test func lineArgumentsOnlyForEditorsThatTakeThem() {
        #expect(ExternalEditor(command: "vim").arguments(file: "a.lab", line: 3) == ["+3", "a.lab"])
        #expect(ExternalEditor(command: "/usr/bin/nano -w").arguments(file: "a.lab", line: 3) == ["+3", "a.lab"])
        #expect(ExternalEditor(command: "emacsclient -t").arguments(file: "a.lab", line: 7) == ["+7", "a.lab"])
        #expect(ExternalEditor(command: "code --wait").arguments(file: "a.lab", line: 3) == ["a.lab"])
        #expect(ExternalEditor(command: "vi").arguments(file: "a.lab", line: nil) == ["a.lab"])
        #expect(ExternalEditor(environment: ["VISUAL": "nano", "EDITOR": "vim"])?.command == "nano")
        #expect(ExternalEditor(environment: ["EDITOR": "kak"])?.command == "kak")
    }
}
