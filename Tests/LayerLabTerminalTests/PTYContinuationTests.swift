import Glibc
import Testing

/// Multi-line commands at a terminal: the prompt names what is open, a note says how to end
/// it, an empty line ends it with an error, and Up recalls it whole.
@Suite(.serialized)
struct PTYContinuationTests {
    @Test func thePromptNamesWhatIsOpenAndAnEmptyLineEndsIt() throws {
        let pty = try PTYREPLTests.start(state: PTYREPLTests.stateDirectory())
        PTYREPLTests.enter(pty, "layer box")
        var out = PTYREPLTests.enter(pty, "group wobble on box duration=1 {", prompt: "...{ group wobble> ")
        #expect(out.contains("Ctrl-C drops it"), "a note says how to leave: \(out)")
        #expect(out.contains("an empty line ends it"))
        PTYREPLTests.enter(pty, "animate opacity to=0", prompt: "...{ group wobble> ")
        out = PTYREPLTests.enter(pty, "")
        #expect(out.contains("<input>:1:32: '{' is never closed"), "a clear error, its lines numbered within the entry: \(out)")
        #expect(out.contains("layerlab*> "), "back at the main prompt")
        #expect(!PTYREPLTests.enter(pty, "timeline").contains("wobble"), "the group did not run")
        out = PTYREPLTests.enter(pty, "shape dot path=circle(0, 0,", prompt: "...(> ")
        #expect(!out.contains("Ctrl-C drops it"), "the note is said once a session")
        PTYREPLTests.enter(pty, "10)")
        #expect(PTYREPLTests.enter(pty, "tree").contains("dot"))
    }

    @Test func upRecallsAMultiLineGroupAsOneEntry() throws {
        let pty = try PTYREPLTests.start(state: PTYREPLTests.stateDirectory())
        PTYREPLTests.enter(pty, "layer box")
        PTYREPLTests.enter(pty, "group pulse on box duration=1 {", prompt: "...{ group pulse> ")
        PTYREPLTests.enter(pty, "animate opacity to=0", prompt: "...{ group pulse> ")
        PTYREPLTests.enter(pty, "}")
        PTYREPLTests.enter(pty, "undo")
        pty.send("\u{1B}[A")
        pty.send("\u{1B}[A")
        let out = PTYREPLTests.enter(pty, "")
        #expect(out.contains("group pulse on box duration=1 { animate opacity to=0 }"), "one entry: \(out)")
        #expect(PTYREPLTests.enter(pty, "timeline").contains("pulse"), "and it runs again")
    }

    /// An unclosed bracket does not eat the commands typed after it: a line that starts with a
    /// command word ends the open command (an error at its bracket) and runs as itself.
    @Test func aCommandWordEndsAnUnclosedBracket() throws {
        let pty = try PTYREPLTests.start(state: PTYREPLTests.stateDirectory())
        PTYREPLTests.enter(pty, "layer icon")
        PTYREPLTests.enter(pty, "set icon backgroundColor=rgb(0,122,255", prompt: "...(> ")
        let out = PTYREPLTests.enter(pty, "set icon opacity=0.5")
        #expect(out.contains("<input>:1:29: '(' opened at 1:29 is never closed"), "the open command fails at its bracket: \(out)")
        PTYREPLTests.enter(pty, "layer b")
        let tree = PTYREPLTests.enter(pty, "inspect icon.opacity at=0")
        #expect(tree.contains("icon.opacity = 0.5"), "the next commands ran: \(tree)")
        #expect(PTYREPLTests.enter(pty, "tree").contains("b (layer)"))
    }

    /// Ctrl-D at a y/N question answers no and ends the question's line, so the next prompt
    /// starts on a line of its own.
    @Test func ctrlDAtAQuestionKeepsTheQuestion() throws {
        let pty = try PTYREPLTests.start(state: PTYREPLTests.stateDirectory())
        PTYREPLTests.enter(pty, "layer a")
        let mark = pty.mark
        pty.send("new\r")
        #expect(pty.wait(for: "new anyway? [y/N] ", from: mark))
        // Send Ctrl-D only once the editor has the terminal in its own mode: on a loaded CI
        // machine a Ctrl-D sent at the first sight of the question once met line mode, and the
        // kernel handed the editor a NUL instead of end of input.
        pty.waitUntilEditing(timeout: 30)
        pty.send("\u{4}")
        #expect(pty.wait(for: "layerlab*> ", from: mark), "answered no: still unsaved")
        let text = PTYSession.stripEscapes(pty.text(from: mark))
        // The terminal may echo the ^D; either way the prompt comes on the next line.
        #expect(text.contains("new anyway? [y/N] \n") || text.contains("new anyway? [y/N] ^D\n"), "the question keeps its line: \(text.debugDescription)")
        #expect(!text.contains("[y/N] layerlab") && !text.contains("[y/N] ^Dlayerlab"))
        #expect(PTYREPLTests.enter(pty, "tree").contains("a (layer)"), "nothing was thrown away")
    }
}
