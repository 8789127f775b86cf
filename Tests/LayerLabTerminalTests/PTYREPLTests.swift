import Glibc
import TestSupport
import Testing

/// The REPL driven through a pseudo-terminal, as a user types at it.
///
/// Each test starts the built `layerlab` binary in a pty with a private `XDG_STATE_HOME`, types
/// keys and waits (with deadlines) for what the REPL draws. Colours are off (`NO_COLOR`) so the
/// prompt reads `layerlab> `.
@Suite(.serialized)
struct PTYREPLTests {
    // MARK: - Set-up

    /// The `layerlab` executable next to the test bundle.
    static let binary: String? = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        var dir = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        while let slash = dir.lastIndex(of: "/") {
            dir = String(dir[..<slash])
            let candidate = dir + "/layerlab"
            if access(candidate, X_OK) == 0 { return candidate }
            if dir.hasSuffix("/debug") || dir.hasSuffix("/release") { break }
        }
        return nil
    }()

    /// A fresh state directory, so history starts empty.
    static func stateDirectory() -> String { Scratch.folder("pty") }

    static func start(state: String, arguments: [String] = [], extra: [String: String] = [:],
                      color: Bool = false) throws -> PTYSession {
        let binary = try #require(binary, "the layerlab executable is built next to the tests")
        var env = ["TERM": "xterm-256color", "NO_COLOR": "1", "LANG": "C.UTF-8", "HOME": state,
                   "XDG_STATE_HOME": state, "PATH": "/usr/bin:/bin"]
        if color { env["NO_COLOR"] = nil }
        for (k, v) in extra { env[k] = v }
        let pty = try PTYSession(binary, arguments: arguments, environment: env)
        #expect(pty.wait(for: "layerlab> "), "the prompt appears; \(pty.childState); wrote: \(pty.text(from: 0))")
        pty.waitUntilEditing()
        return pty
    }

    /// Types a line and waits for the next prompt after it.
    @discardableResult
    static func enter(_ pty: PTYSession, _ line: String, prompt: String = "> ") -> String {
        let mark = pty.mark
        pty.send(line + "\r")
        pty.wait(from: mark) { text in
            // The echo of the line, then a fresh prompt at the end of what was written.
            guard let r = text.range(of: "\n") else { return false }
            var rest = String(text[r.upperBound...])
            var end = prompt
            while rest.last == " " { rest.removeLast() }
            while end.last == " " { end.removeLast() }
            return rest.hasSuffix(end)
        }
        pty.waitUntilEditing()
        return pty.text(from: mark)
    }

    // MARK: - Tests

    @Test func typingACommandRunsIt() throws {
        let pty = try Self.start(state: Self.stateDirectory())
        Self.enter(pty, "shape ring path=circle(50, 50, 20) lineWidth=3")
        let out = Self.enter(pty, "inspect ring.lineWidth")
        #expect(out.contains("ring.lineWidth = 3"))
        #expect(out.contains("layerlab*> "), "the prompt shows unsaved changes")
    }

    @Test func upRecallsThePreviousLine() throws {
        let pty = try Self.start(state: Self.stateDirectory())
        Self.enter(pty, "layer box opacity=0.5")
        Self.enter(pty, "inspect box.opacity")
        let mark = pty.mark
        pty.send("\u{1B}[A")
        #expect(pty.wait(for: "inspect box.opacity", from: mark))
        let out = Self.enter(pty, "")
        #expect(out.contains("box.opacity = 0.5"))
    }

    @Test func tabCompletesCommandsLayerNamesAndValues() throws {
        let pty = try Self.start(state: Self.stateDirectory())
        Self.enter(pty, "shape ringLayer path=circle(50, 50, 20)")
        // A command name, then a layer name.
        var mark = pty.mark
        pty.type(["insp", "\t"])
        #expect(pty.wait(for: "inspect", from: mark))
        mark = pty.mark
        pty.type(["ringL", "\t"])
        #expect(pty.wait(for: "ayer", from: mark))
        let out = Self.enter(pty, ".strokeE\t")
        #expect(out.contains("ringLayer.strokeEnd = 1"))
        // An attribute value.
        pty.type(["animate ringLayer strokeEnd to=0.5 fillMode=forw", "\t"])
        Self.enter(pty, "")
        let history = Self.enter(pty, "history")
        #expect(history.contains("fillMode=forwards"))
    }

    @Test func tabListsCandidates() throws {
        let pty = try Self.start(state: Self.stateDirectory())
        let mark = pty.mark
        pty.type(["animate x y fillMode=", "\t"])
        #expect(pty.wait(from: mark) { $0.contains("backwards") && $0.contains("forwards") && $0.contains("removed") })
        pty.send("\u{3}")
    }

    @Test func ctrlCCancelsAHalfTypedLine() throws {
        let pty = try Self.start(state: Self.stateDirectory())
        pty.type(["layer dropped opacity=0.", "\u{3}"])
        #expect(pty.wait { text in
            guard let r = text.range(of: "^C") else { return false }
            return text[r.upperBound...].contains("layerlab> ")
        }, "^C, then a fresh prompt: \(pty.text)")
        let out = Self.enter(pty, "tree")
        #expect(!out.contains("dropped"), "the cancelled line did not run")
        #expect(out.contains("(no layers)"))
        #expect(pty.exitStatus == nil, "Ctrl-C did not end the REPL")
    }

    @Test func multiLineGroup() throws {
        let pty = try Self.start(state: Self.stateDirectory())
        Self.enter(pty, "layer box bounds=rect(0, 0, 10, 10)")
        let first = Self.enter(pty, "group pulse on box duration=1 {", prompt: "...{ group pulse> ")
        #expect(first.contains("...{ group pulse> "), "a continuation prompt naming what is open")
        Self.enter(pty, "animate opacity to=0", prompt: "...{ group pulse> ")
        let out = Self.enter(pty, "}")
        #expect(out.contains("layerlab*> "))
        let timeline = Self.enter(pty, "timeline")
        #expect(timeline.contains("pulse"))
    }

    @Test func ctrlCAtTheContinuationPromptDropsTheGroup() throws {
        let pty = try Self.start(state: Self.stateDirectory())
        Self.enter(pty, "layer box")
        Self.enter(pty, "group g on box {", prompt: "...{ group g> ")
        pty.send("\u{3}")
        #expect(pty.wait(for: "layerlab*> ", from: pty.mark))
        let out = Self.enter(pty, "timeline")
        #expect(!out.contains("g |"))
    }

    @Test func playThenQRestoresTheTerminal() throws {
        let pty = try Self.start(state: Self.stateDirectory())
        let launched = pty.initialAttributes
        Self.enter(pty, "shape dot path=circle(100, 100, 50) fillColor=red")
        Self.enter(pty, "animate dot opacity from=0 to=1 duration=10")
        let before = pty.attributes()
        var mark = pty.mark
        pty.send("play\r")
        #expect(pty.wait(from: mark) { $0.contains("/ 10.000s") }, "the status line shows time and duration")
        #expect(String(decoding: pty.output[mark...], as: UTF8.self).contains("\u{1B}[?1049h"), "the alternate screen")
        let during = pty.attributes()
        #expect(during.c_lflag & tcflag_t(ICANON | ECHO) == 0, "raw mode while playing")
        pty.type([" ", "\u{1B}[C", "+"])
        mark = pty.mark
        pty.send("q")
        #expect(pty.wait(for: "layerlab*> ", from: mark))
        pty.waitUntilEditing()
        let raw = String(decoding: pty.output[mark...], as: UTF8.self)
        #expect(raw.contains("\u{1B}[?1049l") && raw.contains("\u{1B}[?25h"), "left the alternate screen, cursor shown")
        #expect(PTYSession.same(before, pty.attributes()), "termios exactly as before play")
        Self.enter(pty, "quit!")
        #expect(pty.waitForExit() == 0)
        #expect(PTYSession.same(launched, pty.attributes()), "termios exactly as before the REPL")
    }

    @Test func playFromTheShellRestoresTheTerminal() throws {
        let state = Self.stateDirectory()
        let script = state + "/spin.lab"
        let f = try #require(fopen(script, "w"))
        fputs("layer box bounds=rect(0, 0, 80, 80) position=(100, 100) backgroundColor=orange\n", f)
        fputs("animate box transform.rotation.z to=1turn duration=20\n", f)
        fclose(f)
        let binary = try #require(Self.binary)
        let pty = try PTYSession(binary, arguments: ["play", script, "--speed", "2"],
                                 environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": state])
        #expect(pty.wait(for: "/ 20.000s"), "playing: \(pty.text)")
        #expect(pty.wait(for: "2x"))
        pty.resize(columns: 60, rows: 20)
        pty.pump(timeout: 0.3)
        pty.send("\u{3}")
        #expect(pty.waitForExit() == 0)
        #expect(PTYSession.same(pty.initialAttributes, pty.attributes()), "termios exactly as before")
    }

    @Test func sigtermDuringPlayRestoresTheTerminal() throws {
        let pty = try Self.start(state: Self.stateDirectory())
        let launched = pty.initialAttributes
        Self.enter(pty, "layer box bounds=rect(0, 0, 50, 50) backgroundColor=blue")
        Self.enter(pty, "animate box opacity from=0 to=1 duration=10")
        let mark = pty.mark
        pty.send("play\r")
        #expect(pty.wait(from: mark) { $0.contains("/ 10.000s") })
        kill(pty.pid, SIGTERM)
        #expect(pty.waitForExit() == 128 + SIGTERM)
        let raw = String(decoding: pty.output[mark...], as: UTF8.self)
        #expect(raw.contains("\u{1B}[?1049l"), "left the alternate screen")
        #expect(PTYSession.same(launched, pty.attributes()), "termios restored by the signal handler")
    }

    @Test func sigtermAtThePromptRestoresTheTerminal() throws {
        let pty = try Self.start(state: Self.stateDirectory())
        pty.type(["layer half"])
        kill(pty.pid, SIGTERM)
        #expect(pty.waitForExit() == 128 + SIGTERM)
        #expect(PTYSession.same(pty.initialAttributes, pty.attributes()), "libedit put the terminal back")
    }

    @Test func historySurvivesARestart() throws {
        let state = Self.stateDirectory()
        do {
            let pty = try Self.start(state: state)
            Self.enter(pty, "help seek")
            pty.send("\u{4}")
            #expect(pty.waitForExit() == 0)
        }
        let pty = try Self.start(state: state)
        let mark = pty.mark
        pty.send("\u{1B}[A")
        #expect(pty.wait(for: "help seek", from: mark), "Up brings back the last session's line")
        pty.send("\u{3}")
        let file = try #require(fopen(state + "/layerlab/history", "r"))
        fclose(file)
    }

    @Test func unsavedChangesAskBeforeLeaving() throws {
        let pty = try Self.start(state: Self.stateDirectory())
        Self.enter(pty, "layer box")
        var mark = pty.mark
        pty.send("\u{4}")
        #expect(pty.wait(for: "unsaved changes", from: mark))
        #expect(pty.wait(for: "layerlab*> ", from: mark))
        pty.waitUntilEditing()
        #expect(pty.exitStatus == nil, "the first Ctrl-D only warns")
        mark = pty.mark
        pty.send("quit\r")
        #expect(pty.waitForExit() == 0, "quit after the warning leaves")
    }

    @Test func quitBangLeavesAtOnce() throws {
        let pty = try Self.start(state: Self.stateDirectory())
        Self.enter(pty, "layer box")
        pty.send("quit!\r")
        #expect(pty.waitForExit() == 0)
    }

    @Test func secondCtrlDLeaves() throws {
        let pty = try Self.start(state: Self.stateDirectory())
        Self.enter(pty, "layer box")
        let mark = pty.mark
        pty.send("\u{4}")
        #expect(pty.wait(from: mark) { text in
            guard let r = text.range(of: "unsaved changes") else { return false }
            return text[r.upperBound...].contains("layerlab*> ")
        }, "a warning, then the prompt again: \(pty.text)")
        pty.waitUntilEditing()
        pty.send("\u{4}")
        #expect(pty.waitForExit() == 0)
    }

    /// With colour the hint is drawn dim on the row below the line (saving and restoring the
    /// cursor), never inside the typed text, and cleared before the line is run.
    @Test func hintsShowDimBelowTheLineWithColour() throws {
        let pty = try Self.start(state: Self.stateDirectory(), color: true)
        let mark = pty.mark
        pty.type(["set box "])
        #expect(pty.waitRaw(from: mark) { $0.contains("\u{1B}7\u{1B}[B\r\u{1B}[2K\u{1B}[2mprop=value") },
                "the hint appears dim below")
        let after = pty.mark
        pty.send("\r")
        #expect(pty.waitRaw(from: after) { $0.contains("\u{1B}7\u{1B}[B\r\u{1B}[2K\u{1B}8") }, "Enter clears the hint row")
        #expect(pty.wait(for: "unknown layer", from: after))
    }
}
