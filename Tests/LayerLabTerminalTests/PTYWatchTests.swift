import Glibc
import Testing

/// `watch FILE`: the preview follows the file as it is saved, errors keep the last good frame,
/// and leaving keeps the last good document.
@Suite(.serialized)
struct PTYWatchTests {
    static func write(_ path: String, _ text: String) {
        // Written to a new file renamed over the old one, as many editors save.
        let temp = path + ".tmp"
        guard let f = fopen(temp, "w") else { return }
        fputs(text, f)
        fclose(f)
        rename(temp, path)
    }

    static let first = "canvas size=200x200 background=white\nshape dot position=(100, 100) path=circle(0, 0, 60) fillColor=red\n"

    @Test func watchReplaysTheFileOnEverySaveAndKeepsTheLastGoodDocument() throws {
        let state = PTYREPLTests.stateDirectory()
        let file = state + "/scene.lab"
        Self.write(file, Self.first)
        let pty = try PTYREPLTests.start(state: state)
        var mark = pty.mark
        pty.send("watch \"\(file)\" mode=blocks\r")
        #expect(pty.wait(for: "watching scene.lab · #1", from: mark, timeout: 30), "the first replay: \(pty.text(from: mark))")
        #expect(pty.wait(timeout: 30, from: mark) { $0.contains("▀") || $0.contains("▄") || $0.contains("█") }, "a frame")
        mark = pty.mark
        Self.write(file, Self.first + "shape square position=(100, 100) path=rect(-20, -20, 40, 40) fillColor=blue\n")
        #expect(pty.wait(for: "#2", from: mark, timeout: 30), "the save is picked up: \(pty.text(from: mark))")
        mark = pty.mark
        Self.write(file, Self.first + "shape broken path=circle(0, 0\n")
        #expect(pty.wait(for: "error, last good shown", from: mark, timeout: 30), "\(pty.text(from: mark))")
        #expect(pty.wait(for: "unclosed '('", from: mark, timeout: 30), "the error under the frame")
        mark = pty.mark
        pty.send("q")
        #expect(pty.wait(for: "the document is now", from: mark, timeout: 30), "\(pty.text(from: mark))")
        #expect(pty.wait(for: "layerlab*> ", from: mark, timeout: 30))
        pty.waitUntilEditing()
        let tree = PTYREPLTests.enter(pty, "tree")
        #expect(tree.contains("square") && !tree.contains("broken"), "the last good version: \(tree)")
        PTYREPLTests.enter(pty, "undo")
        #expect(!PTYREPLTests.enter(pty, "tree").contains("square"), "one undo step")
    }

    @Test func watchPlaysAndLeavesWithCtrlCRestoringTheTerminal() throws {
        let state = PTYREPLTests.stateDirectory()
        let file = state + "/spin.lab"
        Self.write(file, Self.first + "animate dot opacity from=0 to=1 duration=2\n")
        let pty = try PTYREPLTests.start(state: state)
        let before = pty.attributes()
        let mark = pty.mark
        pty.send("watch \"\(file)\" play mode=ascii\r")
        #expect(pty.wait(timeout: 30, from: mark) { $0.contains("space stop") })
        #expect(pty.wait(timeout: 30, from: mark) { text in
            // The time moves while playing.
            ["t=0.5", "t=0.6", "t=0.7", "t=0.8", "t=0.9"].contains { text.contains($0) }
        }, "playing: \(pty.text(from: mark))")
        pty.send("\u{3}")
        #expect(pty.wait(for: "layerlab*> ", from: mark, timeout: 30))
        pty.waitUntilEditing()
        #expect(PTYSession.same(before, pty.attributes()), "termios as before watch")
        #expect(pty.exitStatus == nil)
    }

    @Test func aMissingFileIsWaitedFor() throws {
        let state = PTYREPLTests.stateDirectory()
        let file = state + "/later.lab"
        let pty = try PTYREPLTests.start(state: state)
        var mark = pty.mark
        pty.send("watch \"\(file)\"\r")
        #expect(pty.wait(for: "waiting for it to appear", from: mark, timeout: 30), "\(pty.text)")
        mark = pty.mark
        Self.write(file, Self.first)
        #expect(pty.wait(for: "#1", from: mark, timeout: 30), "it appears and is replayed")
        pty.send("q")
        #expect(pty.wait(for: "layerlab*> ", from: mark, timeout: 30))
    }
}
