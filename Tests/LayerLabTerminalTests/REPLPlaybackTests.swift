import Glibc
import TestSupport
import Testing
@testable import LayerLabTerminal

/// The playhead, keys, status line, prompt and history file: the pure parts of the front end.
struct REPLPlaybackTests {
    @Test func timeComesFromTheClock() {
        let s = PlaybackState(from: 0, to: 2, fps: 10, speed: 1, now: 100)
        #expect(s.time(at: 100) == 0)
        #expect(s.time(at: 101.5) == 1.5)
        #expect(s.time(at: 103) == 2, "held at the end")
        #expect(s.isFinished(at: 102.0001))
        #expect(!s.isFinished(at: 101.9))
    }

    @Test func pauseResumeAndSpeed() {
        var s = PlaybackState(from: 0, to: 4, fps: 10, now: 0)
        s.togglePause(now: 1)
        #expect(s.paused && s.time(at: 3) == 1)
        s.togglePause(now: 3)
        #expect(s.time(at: 3.5) == 1.5, "resumes where it paused")
        s.changeSpeed(faster: true, now: 3.5)
        #expect(s.speed == 2 && s.time(at: 4) == 2.5, "no jump, then twice as fast")
        s.changeSpeed(faster: false, now: 4)
        s.changeSpeed(faster: false, now: 4)
        #expect(s.speed == 0.5)
    }

    @Test func stepsMoveWholeFramesBothWays() {
        var s = PlaybackState(from: 0, to: 1, fps: 10, now: 0)
        s.step(1, now: 0.5)
        #expect(s.paused && abs(s.time(at: 9) - 0.6) < 1e-9)
        s.step(-3, now: 9)
        #expect(abs(s.time(at: 9) - 0.3) < 1e-9)
        s.step(-10, now: 9)
        #expect(s.time(at: 9) == 0, "clamped at the start")
    }

    @Test func loopWrapsAndRestart() {
        var s = PlaybackState(from: 1, to: 3, fps: 30, loop: true, now: 0)
        #expect(abs(s.time(at: 2.5) - 1.5) < 1e-9)
        #expect(!s.isFinished(at: 100))
        s.toggleLoop(now: 2.5)
        #expect(!s.loop)
        s.restart(now: 10)
        #expect(s.time(at: 10) == 1)
    }

    @Test func endedPlaybackResumesFromTheStart() {
        var s = PlaybackState(from: 0, to: 1, fps: 30, now: 0)
        s.togglePause(now: 5)
        s.togglePause(now: 6)
        #expect(s.time(at: 6) == 0)
    }

    @Test func keys() {
        #expect(KeyDecoder.decode(Array("q +".utf8)) == [.character("q"), .character(" "), .character("+")])
        #expect(KeyDecoder.decode([0x1B, 0x5B, 0x43, 0x1B, 0x5B, 0x44]) == [.right, .left])
        #expect(KeyDecoder.decode([0x1B, 0x4F, 0x41]) == [.up], "SS3 arrows")
        #expect(KeyDecoder.decode([0x1B]) == [.escape])
        #expect(KeyDecoder.decode([0x03]) == [.interrupt])
        #expect(KeyDecoder.decode([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x43]) == [.right], "modifiers ignored")
    }

    @Test func statusLine() {
        let s = PlaybackState(from: 0, to: 4, fps: 30, now: 0)
        let line = StatusLine(unicode: false, color: false).text(s, now: 1, width: 160)
        #expect(line.hasPrefix("> 1.000s / 4.000s  ==========------------------------------  1x"))
        #expect(line.hasSuffix("q quit"))
        #expect(StatusLine(unicode: true, color: false).text(s, now: 1, width: 30).count <= 30)
        #expect(StatusLine(unicode: false, color: false).text(s, now: 1, width: 100).hasSuffix("spc <-/-> +/- r l ? q"))
        #expect(StatusLine.speedText(0.25) == "1/4x")
    }

    @Test func prompt() {
        #expect(Prompt(dirty: false, time: nil, continuing: false).text(color: false) == "layerlab> ")
        #expect(Prompt(dirty: true, time: 1.25, continuing: false).text(color: false) == "layerlab 1.25s*> ")
        #expect(Prompt(dirty: true, time: 2, continuing: true).text(color: false) == "...> ")
        #expect(Prompt(dirty: true, time: nil, continuing: false).text(color: true).contains("\u{1B}["))
        #expect(LineEditor.markInvisible("\u{1B}[1mA\u{1B}[0m\u{1B}[31m*") == "\u{1}\u{1B}[1m\u{1}A\u{1}\u{1B}[0m\u{1B}[31m\u{1}*")
    }

    @Test func historyFile() throws {
        let dir = Scratch.folder("history")
        let store = HistoryStore(path: dir + "/state/layerlab/history", limit: 3)
        for e in ["a", "b", "b", "c \\", "group g on x {\n}", "d"] { store.append(e) }
        #expect(store.load() == ["c \\", "group g on x {\n}", "d"])
        #expect(HistoryStore.defaultPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/layerlab/history")
        #expect(HistoryStore.defaultPath(environment: ["HOME": "/h"]) == "/h/.local/state/layerlab/history")
    }

    @Test func candidateColumns() {
        #expect(LineEditor.columns(["a", "bb", "ccc"], width: 11) == "a    ccc\nbb\n")
        #expect(LineEditor.display("fillMode=both", word: "fillMode=b") == "both")
    }
}
