import Foundation
import Glibc
import Testing

/// `layerlab` subcommands at a terminal: what they add when a person is watching.
@Suite(.serialized)
struct PTYCLITests {
    @Test func runSaysWhatItDidAtATerminal() throws {
        let binary = try #require(PTYREPLTests.binary, "the layerlab executable is built next to the tests")
        let state = PTYREPLTests.stateDirectory()
        let script = state + "/scene.lab"
        let text = """
            shape a path=circle(10, 10, 5)
            layer b
            animate a opacity from=1 to=0 duration=0.75 as fade
            group g on b beginTime=after fade { animate opacity to=0.5 duration=1 }
            """
        #expect(plainWrite(script, Data(text.utf8)))
        let env = ["TERM": "xterm-256color", "NO_COLOR": "1", "LANG": "C.UTF-8", "HOME": state,
                   "XDG_STATE_HOME": state, "PATH": "/usr/bin:/bin"]
        let pty = try PTYSession(binary, arguments: ["run", script], environment: env)
        #expect(pty.wait(for: "1.75 s"), "the summary line appears")
        #expect(pty.waitForExit() == 0)
        #expect(pty.text(from: 0).contains("ran 4 commands: 2 layers, 3 animations, 1.75 s"))
    }
}
