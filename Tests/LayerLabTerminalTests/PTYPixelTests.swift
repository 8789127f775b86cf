import Glibc
import Testing

/// The REPL at a terminal that names itself as one that may draw images: it asks at start,
/// the scripted answers pick the default mode, and nothing of them reaches the line editor.
@Suite(.serialized)
struct PTYPixelTests {
    /// Starts the REPL as kitty would run it, answers the queries with `reply` (nil: say
    /// nothing), and returns the session at its first prompt.
    static func start(reply: String?, state: String, extra: [String: String] = [:]) throws -> PTYSession {
        let binary = try #require(PTYREPLTests.binary, "the layerlab executable is built next to the tests")
        var env = ["TERM": "xterm-kitty", "NO_COLOR": "1", "LANG": "C.UTF-8", "HOME": state,
                   "XDG_STATE_HOME": state, "PATH": "/usr/bin:/bin"]
        for (k, v) in extra { env[k] = v }
        let pty = try PTYSession(binary, arguments: [], environment: env)
        if let reply {
            #expect(pty.waitRaw(timeout: 20) { $0.contains("\u{1B}[c") }, "the queries are sent at start")
            pty.send(reply)
        }
        #expect(pty.wait(for: "layerlab> "), "the prompt appears; wrote: \(pty.text(from: 0))")
        pty.waitUntilEditing()
        return pty
    }

    /// Types a `show` and returns the raw bytes it drew, up to the next prompt.
    static func show(_ pty: PTYSession, _ line: String) -> String {
        let mark = pty.mark
        PTYREPLTests.enter(pty, line)
        return String(decoding: pty.output[mark...], as: UTF8.self)
    }

    @Test func kittyAnswerMakesKittyTheDefault() throws {
        let state = PTYREPLTests.stateDirectory()
        let pty = try Self.start(reply: GraphicsProbeTests.kittyReply, state: state)
        let drawn = Self.show(pty, "canvas size=40x20; show size=20x6")
        #expect(drawn.contains("\u{1B}_Ga=T,"), "a kitty image: \(drawn.prefix(200))")
        // A 2:1 canvas in 20x6 cells of 10x20 pixels: 200x100 pixels, shown as drawn (no stretch).
        #expect(drawn.contains("s=200,v=100,") && !drawn.contains("c=20"), "pixel for pixel: \(drawn.prefix(200))")
        #expect(!drawn.contains("error"), "\(drawn)")
    }

    @Test func sixelOnlyAnswerMakesSixelTheDefault() throws {
        let state = PTYREPLTests.stateDirectory()
        let pty = try Self.start(reply: GraphicsProbeTests.sixelReply, state: state)
        let drawn = Self.show(pty, "show size=20x6")
        #expect(drawn.contains("\u{1B}P0;1;0q\""), "a sixel image")
        #expect(!drawn.contains("\u{1B}_G"))
    }

    /// No image protocol, or no answer at all: blocks, and `mode=pixels` says why.
    @Test(arguments: [GraphicsProbeTests.plainReply, nil])
    func noAnswerKeepsBlocks(_ reply: String?) throws {
        let state = PTYREPLTests.stateDirectory()
        let pty = try Self.start(reply: reply, state: state)
        let drawn = Self.show(pty, "show size=20x6")
        #expect(!drawn.contains("\u{1B}_G") && !drawn.contains("\u{1B}P0;1"))
        let asked = Self.show(pty, "show size=20x6 mode=pixels")
        #expect(PTYSession.stripEscapes(asked).contains("no image protocol"), "\(asked)")
    }

    /// Garbage around the answers, and keys typed after the prompt: the line editor gets the
    /// keys and nothing else (the command runs as typed).
    @Test func garbageNeverReachesTheLineEditor() throws {
        let state = PTYREPLTests.stateDirectory()
        let junk = "\u{1B}[?1;3;0Sxyz\u{1B}_Gi=31;EINVAL\u{1B}\\\u{1B}[?62;4c"
        let pty = try Self.start(reply: junk, state: state)
        let mark = pty.mark
        PTYREPLTests.enter(pty, "shape dot position=(3, 4); inspect dot.position")
        let text = pty.text(from: mark)
        #expect(text.contains("dot.position = (3, 4)"), "\(text)")
        #expect(!text.contains("xyz") && !text.contains("unknown") && !text.contains("error"), "\(text)")
    }

    /// A slow terminal: its answers come after the probe stopped waiting, while the line editor
    /// reads keys (split in two writes, with keys before and after them). Nothing of them
    /// reaches the line editor or the screen, and the keys around them still work: two Lefts
    /// put the cursor back to insert the missing letter.
    @Test func lateAnswerNeverReachesTheLineEditorOrScreen() throws {
        let state = PTYREPLTests.stateDirectory()
        let pty = try Self.start(reply: nil, state: state)
        let mark = pty.mark
        let reply = GraphicsProbeTests.kittyReply
        let half = reply.index(reply.startIndex, offsetBy: reply.count / 2)
        pty.send("shape dot position=(3, 4); inspect dot.positon")
        pty.send(String(reply[..<half]))
        usleep(10_000)
        pty.send(String(reply[half...]))
        pty.send("\u{1B}[D\u{1B}[D")
        PTYREPLTests.enter(pty, "i")
        let raw = String(decoding: pty.output[mark...], as: UTF8.self)
        let text = PTYSession.stripEscapes(raw)
        #expect(text.contains("dot.position = (3, 4)"), "\(text)")
        #expect(!raw.contains("62;22") && !raw.contains("i=31") && !raw.contains("600;1000"), "a reply leaked: \(raw)")
        #expect(!text.contains("error") && !text.contains("unknown"), "\(text)")
    }

    /// Inside tmux the terminal is not asked, and the default stays blocks.
    @Test func insideTmuxNothingIsAsked() throws {
        let state = PTYREPLTests.stateDirectory()
        let pty = try Self.start(reply: nil, state: state, extra: ["TMUX": "/tmp/tmux-0/default,1,0"])
        #expect(!String(decoding: pty.output, as: UTF8.self).contains("\u{1B}[c"))
        let drawn = Self.show(pty, "show size=20x6 mode=pixels")
        #expect(PTYSession.stripEscapes(drawn).contains("inside tmux"), "\(drawn)")
    }
}
