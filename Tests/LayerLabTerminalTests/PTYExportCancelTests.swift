import Glibc
import Testing

/// Ctrl-C during a long export stops it and leaves no file, at the REPL and from the shell.
@Suite(.serialized)
struct PTYExportCancelTests {
    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// The files in `dir` (to see that no temporary file is left either).
    static func files(_ dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafePointer(to: e.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    static let scene = "canvas size=400x400\nshape dot position=(200, 200) path=circle(0, 0, 150) fillColor=red\nanimate dot opacity from=0 to=1 duration=120\n"

    @Test func ctrlCCancelsALongGIFExportAtTheREPL() throws {
        let state = PTYREPLTests.stateDirectory()
        let out = state + "/out"
        #expect(mkdir(out, 0o700) == 0)
        let pty = try PTYREPLTests.start(state: state)
        for line in Self.scene.split(separator: "\n") { PTYREPLTests.enter(pty, String(line)) }
        let mark = pty.mark
        pty.send("export gif \"\(out)/long.gif\" fps=50 size=120x120\r")
        // Generous deadlines: the machine may be busy; the checks stay the same.
        #expect(pty.wait(timeout: 60, from: mark) { $0.contains("░") && $0.contains("/6000") },
                "the progress bar shows, with the frame count: \(pty.text(from: mark))")
        pty.send("\u{3}")
        #expect(pty.wait(for: "cancelled (Ctrl-C); nothing written", from: mark, timeout: 60), "\(pty.text(from: mark))")
        #expect(pty.wait(for: "layerlab*> ", from: mark))
        #expect(pty.exitStatus == nil, "the REPL goes on")
        #expect(Self.files(out).isEmpty, "no partial or temporary file: \(Self.files(out))")
        // Ctrl-C is ignored again once the export is over (the REPL survives it).
        pty.waitUntilEditing()
        let tree = PTYREPLTests.enter(pty, "tree")
        #expect(tree.contains("dot"))
    }

    @Test func ctrlCCancelsALongGIFExportFromTheShell() throws {
        let state = PTYREPLTests.stateDirectory()
        let script = state + "/long.lab"
        let f = try #require(fopen(script, "w"))
        fputs(Self.scene, f)
        fclose(f)
        let out = state + "/out"
        #expect(mkdir(out, 0o700) == 0)
        let binary = try #require(PTYREPLTests.binary)
        let pty = try PTYSession(binary, arguments: ["export", script, "--gif", out + "/long.gif", "--fps", "50", "--size", "120x120"],
                                 environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": state, "NO_COLOR": "1"])
        #expect(pty.wait(for: "/6000", timeout: 60), "the progress bar: \(pty.text)")
        pty.send("\u{3}")
        #expect(pty.waitForExit(timeout: 60) == 1, "a failed export: \(pty.text)")
        #expect(pty.text.contains("cancelled (Ctrl-C); nothing written"))
        #expect(Self.files(out).isEmpty, "no partial or temporary file: \(Self.files(out))")
    }
}
