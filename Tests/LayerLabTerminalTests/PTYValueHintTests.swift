import Glibc
import Testing

/// Hints and completion inside values, at a real terminal.
@Suite(.serialized)
struct PTYValueHintTests {
    @Test func functionSignatureHintAndNamesAfterAfter() throws {
        let pty = try PTYREPLTests.start(state: PTYREPLTests.stateDirectory(), color: true)
        PTYREPLTests.enter(pty, "shape dot path=circle(10, 10, 5)")
        PTYREPLTests.enter(pty, "animate dot opacity to=0 as fadeOut")
        var mark = pty.mark
        pty.type(["set dot path=rect("])
        #expect(pty.waitRaw(from: mark) { $0.contains("\u{1B}[2mrect(x, y, w, h)") }, "the signature shows dim below")
        pty.send("\u{3}")
        pty.waitUntilEditing()
        mark = pty.mark
        pty.type(["animate dot opacity to=1 beginTime=after fa", "\t"])
        #expect(pty.wait(for: "deOut", from: mark), "Tab completes the animation's name")
        let out = PTYREPLTests.enter(pty, "")
        #expect(!out.contains("error") && !out.contains("unknown"))
        #expect(PTYREPLTests.enter(pty, "tree").contains("beginTime=fadeOut.end"))
    }
}
