import Glibc
import Testing
@testable import LayerLabTerminal

/// Hostile playback arguments and crashes at a real terminal: the terminal always comes back
/// exactly as it was (termios, main screen, cursor shown).
@Suite(.serialized)
struct PTYHardeningTests {
    static func script(_ text: String) throws -> (state: String, file: String) {
        let state = PTYREPLTests.stateDirectory()
        let file = state + "/scene.lab"
        let f = try #require(fopen(file, "w"))
        fputs(text, f)
        fclose(f)
        return (state, file)
    }

    static let spin = "layer box bounds=rect(0, 0, 80, 80) position=(100, 100) backgroundColor=orange\n"
        + "animate box transform.rotation.z to=1turn duration=20\n"

    @Test(arguments: [["--speed", "1e-300"], ["--from", "1e300"], ["--speed", "1e300"], ["--to", "-1e300"]])
    func hostilePlayFlagsAreRefusedAndLeaveTheTerminalAlone(_ flags: [String]) throws {
        let (state, file) = try Self.script(Self.spin)
        let binary = try #require(PTYREPLTests.binary)
        let pty = try PTYSession(binary, arguments: ["play", file] + flags,
                                 environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": state])
        #expect(pty.waitForExit() == 1, "refused: \(pty.text)")
        let raw = String(decoding: pty.output, as: UTF8.self)
        #expect(raw.contains("must be from"), "says why: \(raw)")
        #expect(!raw.contains("\u{1B}[?1049h"), "never entered the alternate screen")
        #expect(PTYSession.same(pty.initialAttributes, pty.attributes()))
    }

    @Test(arguments: [SIGSEGV, SIGILL, SIGABRT])
    func aCrashDuringPlayRestoresTheTerminal(_ signal: Int32) throws {
        let (state, file) = try Self.script(Self.spin)
        let binary = try #require(PTYREPLTests.binary)
        let pty = try PTYSession(binary, arguments: ["play", file],
                                 environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": state,
                                               "SWIFT_BACKTRACE": "enable=no"])
        #expect(pty.wait(for: "/ 20.000s"), "playing: \(pty.text)")
        let mark = pty.mark
        kill(pty.pid, signal)
        let status = pty.waitForExit()
        #expect(status != nil && status != 0, "the crash still ends the process")
        let raw = String(decoding: pty.output[mark...], as: UTF8.self)
        #expect(raw.contains("\u{1B}[?1049l") && raw.contains("\u{1B}[?25h"), "left the alternate screen, cursor shown")
        #expect(PTYSession.same(pty.initialAttributes, pty.attributes()), "termios restored before the crash report")
    }
}

/// The prompt and the status line print any time and speed without trapping.
struct ExtremeTimeTextTests {
    @Test func promptAndStatusLineTextsAreTotal() {
        #expect(Prompt.seconds(1e16) == "1e+16s")
        #expect(Prompt.seconds(-1e300) == "-1e+300s")
        #expect(Prompt.seconds(1.25) == "1.25s")
        #expect(StatusLine.seconds(1e300) == "1e+300s")
        #expect(StatusLine.speedText(1e-300).hasPrefix("1/9.99") && StatusLine.speedText(1e-300).hasSuffix("e+299x"))
        #expect(StatusLine.speedText(1e-12) == "1/1000000000000x")
        #expect(StatusLine.speedText(1e300) == "1e+300x")
        #expect(StatusLine(unicode: false, color: false).bar(.nan, width: 10) == String(repeating: "-", count: 10))
    }
}
