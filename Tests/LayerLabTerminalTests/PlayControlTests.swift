import Glibc
import Testing
@testable import LayerLabTerminal

/// `play`'s Home/End keys, the `?` key list, and what stays on the screen when it ends.
struct PlayControlTests {
    @Test func homeAndEndKeysInEveryForm() {
        #expect(KeyDecoder.decode(Array("\u{1B}[H\u{1B}[F".utf8)) == [.home, .end])
        #expect(KeyDecoder.decode(Array("\u{1B}OH\u{1B}OF".utf8)) == [.home, .end], "SS3")
        #expect(KeyDecoder.decode(Array("\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~".utf8)) == [.home, .end, .home, .end], "VT")
        #expect(KeyDecoder.decode(Array("\u{1B}[3~".utf8)) == [.other], "Delete is not Home")
    }

    @Test func homeAndEndJump() {
        var s = PlaybackState(from: 0.5, to: 2, fps: 10, now: 0)
        s.jumpToEnd(now: 0.3)
        #expect(s.paused && s.time(at: 5) == 2, "End shows the last frame, paused")
        #expect(!s.isFinished(at: 5))
        s.jumpToStart(now: 5)
        #expect(s.paused && s.time(at: 6) == 0.5, "Home keeps the pause")
        s.togglePause(now: 6)
        s.jumpToStart(now: 7)
        #expect(!s.paused && s.time(at: 7.5) == 1, "and keeps playing")
        var looping = PlaybackState(from: 0, to: 1, fps: 10, loop: true, now: 0)
        looping.jumpToEnd(now: 0.2)
        #expect(looping.time(at: 3) == 1, "the end of a loop too, not its start")
    }

    @Test func everySpeedTheFlagAcceptsIsPlayedAsGiven() {
        // `--speed` accepts up to 1000; the playhead once stopped at 64 without a word.
        let fast = PlaybackState(from: 0, to: 1e6, speed: 1000, now: 0)
        #expect(fast.speed == 1000 && fast.time(at: 2) == 2000)
        let slow = PlaybackState(from: 0, to: 1, speed: 0.001, now: 0)
        #expect(slow.speed == 0.001 && abs(slow.time(at: 500) - 0.5) < 1e-12)
        #expect(PlaybackState(from: 0, to: 1, speed: .infinity, now: 0).speed == 1)
    }

    @Test func theKeyListFitsAndNamesEveryKey() {
        let text = PlayKeys.lines.joined(separator: "\n")
        for key in ["space", "← →", "+ -", "Home End", "r ", "l ", "?", "q Esc Ctrl-C"] {
            #expect(text.contains(key))
        }
        #expect(PlayKeys.overlay(columns: 100, rows: 30, unicode: true).contains("Keys while playing"))
        #expect(PlayKeys.overlay(columns: 3, rows: 2, unicode: false).isEmpty, "no room, no box")
    }
}

@Suite(.serialized)
struct PTYPlayTests {
    @Test func playLeavesItsLastFrameAndTakesModeAndShowsItsKeys() throws {
        let pty = try PTYREPLTests.start(state: PTYREPLTests.stateDirectory())
        PTYREPLTests.enter(pty, "canvas size=200x200 background=white")
        PTYREPLTests.enter(pty, "shape dot position=(100, 100) path=circle(0, 0, 60) fillColor=red")
        PTYREPLTests.enter(pty, "animate dot opacity from=0 to=1 duration=30")
        var mark = pty.mark
        pty.send("play mode=braille\r")
        #expect(pty.wait(from: mark) { $0.contains("/ 30.000s") }, "playing; \(pty.childState)")
        pty.send("?")
        #expect(pty.wait(for: "Keys while playing", from: mark), "? lists the keys")
        #expect(pty.wait(for: "Home End", from: mark))
        pty.send(" ")
        pty.send("\u{1B}[F")
        #expect(pty.wait(from: mark) { $0.contains("30.000s / 30.000s") }, "End jumps to the last frame")
        mark = pty.mark
        pty.send("q")
        #expect(pty.wait(for: "layerlab*> ", from: mark))
        let raw = String(decoding: pty.output[mark...], as: UTF8.self)
        guard let off = raw.range(of: "\u{1B}[?1049l") else { Issue.record("left the alternate screen"); return }
        let after = PTYSession.stripEscapes(String(raw[off.upperBound...]))
        #expect(after.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "the last frame, in braille, on the normal screen: \(after)")
        #expect(after.contains("played 0s to 30s of 30s (stopped)"))
    }

    @Test func playFromTheShellTakesMode() throws {
        let state = PTYREPLTests.stateDirectory()
        let script = state + "/dot.lab"
        let f = try #require(fopen(script, "w"))
        fputs("shape dot position=(100, 100) path=circle(0, 0, 60) fillColor=red\nanimate dot opacity from=0 to=1 duration=0.3\n", f)
        fclose(f)
        let binary = try #require(PTYREPLTests.binary)
        let pty = try PTYSession(binary, arguments: ["play", script, "--mode", "ascii", "--size", "40x12"],
                                 environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": state, "NO_COLOR": "1"])
        #expect(pty.waitForExit() == 0)
        let lines = pty.text.split(separator: "\n")
        #expect(pty.text.contains("played 0s to 0.3s of 0.3s"), "\(pty.text)")
        // The last frame stays where playback drew it: centred in the 100 columns.
        let drawn = lines.filter { $0.contains("#") || $0.contains("@") || $0.contains("%") }
        let starts = drawn.map { line in line.prefix { !"#@%".contains($0) }.count }
        #expect(!starts.isEmpty && starts.allSatisfy { $0 >= 30 }, "centred, not at the left edge: \(drawn)")
        #expect(!pty.text.unicodeScalars.contains { $0.value >= 0x2580 && $0.value < 0x2600 }, "ascii, no blocks")
        #expect(lines.contains { $0.contains("#") || $0.contains("@") || $0.contains("%") }, "the last frame stays")
    }
}
