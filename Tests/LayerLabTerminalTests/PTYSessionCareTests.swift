import Glibc
import Testing

/// The REPL's care for the user's work and answers, driven through a pseudo-terminal: one
/// recovery journal a session, and `[y/N]` questions that mean what was typed.
@Suite(.serialized)
struct PTYSessionCareTests {
    /// The lock files in the journal folder (one per running or crashed session).
    static func lockFiles(_ state: String) -> [String] {
        let dir = state + "/layerlab"
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafePointer(to: e.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            if name.hasSuffix(".lock") { names.append(name) }
        }
        return names
    }

    @Test func aBareREPLGreetsWithOneLineOnHelp() throws {
        let pty = try PTYREPLTests.start(state: PTYREPLTests.stateDirectory())
        #expect(pty.wait(for: "layerlab> "), "\(pty.text(from: 0))")
        let greeting = pty.text(from: 0).split(separator: "\n").filter { $0.contains("'help'") }
        #expect(greeting.count == 1, "one line saying where help is: \(pty.text(from: 0))")
    }

    @Test func aKilledSessionIsReportedOnceBySessionsWithOneJournal() throws {
        let state = PTYREPLTests.stateDirectory()
        do {
            let pty = try PTYREPLTests.start(state: state)
            PTYREPLTests.enter(pty, "layer box")
            #expect(Self.lockFiles(state).count == 1, "one journal for the session")
            kill(pty.pid, SIGKILL)
            #expect(pty.waitForExit() == 128 + SIGKILL)
        }
        let pty = try PTYREPLTests.start(state: state)
        pty.pump(timeout: 0.2)
        let notices = pty.text.components(separatedBy: "did not exit cleanly").count - 1
        #expect(notices == 1, "the notice once: \(pty.text)")
        #expect(Self.lockFiles(state).count == 2, "the crashed session's and this one's")
        PTYREPLTests.enter(pty, "quit!")
        #expect(pty.waitForExit() == 0)
        #expect(Self.lockFiles(state).count == 1, "a clean exit removes its own journal only")
    }

    @Test func confirmationReasksUntilYesOrNo() throws {
        let pty = try PTYREPLTests.start(state: PTYREPLTests.stateDirectory())
        PTYREPLTests.enter(pty, "layer box")
        var out = PTYREPLTests.enter(pty, "new", prompt: "[y/N] ")
        #expect(out.contains("unsaved changes; new anyway? [y/N]"))
        out = PTYREPLTests.enter(pty, "tree", prompt: "[y/N] ")
        #expect(out.contains("Please answer y or n"), "a command typed by mistake is not an answer: \(out)")
        out = PTYREPLTests.enter(pty, "No")
        #expect(out.contains("layerlab*> "), "No keeps the document")
        #expect(PTYREPLTests.enter(pty, "tree").contains("box"))
        PTYREPLTests.enter(pty, "new", prompt: "[y/N] ")
        out = PTYREPLTests.enter(pty, "YES")
        #expect(PTYREPLTests.enter(pty, "tree").contains("(no layers)"), "YES counts as yes")
    }

    @Test func clearClearsTheScreen() throws {
        let pty = try PTYREPLTests.start(state: PTYREPLTests.stateDirectory())
        let mark = pty.mark
        pty.send("clear\r")
        #expect(pty.waitRaw(from: mark) { $0.contains("\u{1B}[1;1H\u{1B}[2J") }, "cursor home, screen cleared")
        #expect(pty.wait(for: "layerlab> ", from: mark))
    }
}
