import Glibc
import Testing
@testable import LayerLabTerminal

/// `help` at a terminal: wrapped at word boundaries, headings bold, long help paged.
struct ReadingTextTests {
    @Test func wrapsAtWordsUnderTheSecondColumn() {
        let lines = ReadingText.wrap("  mode   ascii, blocks or braille (default: blocks (ascii without UTF-8))", width: 40)
        #expect(lines == ["  mode   ascii, blocks or braille", "         (default: blocks (ascii without", "         UTF-8))"])
        for l in lines { #expect(l.count <= 40) }
        let prose = ReadingText.wrap("Local time = (parent time − beginTime) · speed + timeOffset, then folded", width: 30)
        #expect(prose.allSatisfy { $0.count <= 30 })
        #expect(prose.joined(separator: " ").split(separator: " ") == "Local time = (parent time − beginTime) · speed + timeOffset, then folded".split(separator: " "),
                "no word is cut or lost")
        #expect(ReadingText.wrap(String(repeating: "x", count: 25), width: 10).allSatisfy { $0.count <= 10 }, "a word longer than the width is cut")
        #expect(ReadingText.wrap("short\n\n  kept", width: 10) == ["short", "", "  kept"])
    }

    @Test func headingsAreBoldOnlyWithColour() {
        let lines = ["Attributes:", "  from  start time"]
        #expect(ReadingText.style(lines, color: true) == ["\u{1B}[1mAttributes:\u{1B}[0m", "  from  start time"])
        #expect(ReadingText.style(lines, color: false) == lines)
    }
}

@Suite(.serialized)
struct PTYHelpTests {
    static func start(color: Bool, pager: String) throws -> PTYSession {
        let state = PTYREPLTests.stateDirectory()
        let binary = try #require(PTYREPLTests.binary)
        var env = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": state, "XDG_STATE_HOME": state,
                   "PATH": "/usr/bin:/bin", "PAGER": pager]
        if !color { env["NO_COLOR"] = "1" }
        let pty = try PTYSession(binary, environment: env, columns: 60, rows: 20)
        #expect(pty.wait(for: "> "))
        pty.waitUntilEditing()
        return pty
    }

    @Test func longHelpGoesThroughThePagerWrappedToTheWidth() throws {
        let pty = try Self.start(color: false, pager: "sed 's/^/PAGED|/'")
        let out = PTYREPLTests.enter(pty, "help")
        #expect(out.contains("PAGED|Commands"), "the overview is longer than 20 rows: paged: \(out)")
        let lines = out.split(separator: "\n").filter { $0.hasPrefix("PAGED|") }
        #expect(lines.allSatisfy { $0.count - 6 <= 59 }, "wrapped to the width")
        #expect(!out.contains("\u{1B}[1m"))
        let short = PTYREPLTests.enter(pty, "help seek")
        #expect(short.contains("seek") && !short.contains("PAGED|"), "help that fits is printed directly")
    }

    @Test func headingsAreColouredWithoutNoColor() throws {
        let pty = try Self.start(color: true, pager: "cat")
        let mark = pty.mark
        pty.send("help seek\r")
        #expect(pty.waitRaw(from: mark) { $0.contains("\u{1B}[1mExample:") }, "a bold heading")
    }

    /// Ctrl-C leaves the default pager as q does (less is told to with K).
    @Test(.enabled(if: access("/usr/bin/less", X_OK) == 0 || access("/bin/less", X_OK) == 0, "less is not installed"))
    func ctrlCLeavesThePager() throws {
        let pty = try Self.start(color: false, pager: "less -R")
        let mark = pty.mark
        pty.send("help keypaths\r")
        #expect(pty.wait(for: "Layer properties", from: mark), "the pager shows the help")
        // As a person would, press Ctrl-C once less is reading keys (line editing off, then a
        // moment for its signal handling): a Ctrl-C while it is still setting up is a signal
        // it has no handler for yet, and it then waits for a key.
        var settled = false
        for _ in 0..<300 where !settled {
            var t = termios()
            settled = tcgetattr(pty.master, &t) == 0 && t.c_lflag & tcflag_t(ICANON) == 0
            if !settled { usleep(10_000) }
        }
        usleep(50_000)
        let shown = pty.mark
        pty.send("\u{3}")
        #expect(pty.wait(for: "> ", from: shown), "back at the prompt after Ctrl-C: \(pty.text(from: shown))")
    }
}
