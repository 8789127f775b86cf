import Foundation
import Testing
import TestSupport

/// Smoke tests of the built `layerlab` binary, run through `Process` (found next to the test
/// bundle, or at `LAYERLAB_BIN`).
@Suite(.serialized) struct CLITests {
    static var binary: URL? {
        if let p = ProcessInfo.processInfo.environment["LAYERLAB_BIN"] { return URL(fileURLWithPath: p) }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("layerlab")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        return nil
    }

    struct Result { var status: Int32; var out: String; var err: String }

    static func run(_ args: [String], stdin: String? = nil) throws -> Result {
        let bin = try #require(binary, "build the layerlab executable first (swift build)")
        let p = Process()
        p.executableURL = bin
        p.arguments = args
        // A state folder of its own, so recovery journals left by other sessions on this
        // machine (a crash, a kill) cannot add notices to what the test reads.
        var env = ProcessInfo.processInfo.environment
        env["XDG_STATE_HOME"] = Scratch.folder("cli-state")
        p.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, out: String(decoding: o, as: UTF8.self), err: String(decoding: e, as: UTF8.self))
    }

    static func script(_ text: String) throws -> String {
        let path = Scratch.path("script.lab")
        try Scratch.write(text, to: path)
        return path
    }

    /// The version and the commit built from: the checkout's HEAD, or "unknown" outside git.
    @Test func version() throws {
        let r = try CLITests.run(["--version"])
        #expect(r.status == 0 && r.err.isEmpty)
        let prefix = "layerlab 0.1.0 (commit "
        #expect(r.out.hasPrefix(prefix) && r.out.hasSuffix(")\n"))
        let commit = String(r.out.dropFirst(prefix.count).dropLast(2))
        #expect(commit == "unknown" || (commit.count == 40 && commit.allSatisfy { $0.isHexDigit && !$0.isUppercase }), "\(commit)")
        // Built from this checkout, so the same commit as its HEAD when git can say.
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        git.arguments = ["-C", URL(fileURLWithPath: #filePath).deletingLastPathComponent().path, "rev-parse", "HEAD"]
        let out = Pipe()
        git.standardOutput = out
        git.standardError = Pipe()
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), (try? git.run()) != nil else { return }
        let head = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        git.waitUntilExit()
        if git.terminationStatus == 0 { #expect(commit == head.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    @Test func completionsAndManual() throws {
        for shell in ["bash", "zsh", "fish"] {
            let r = try CLITests.run(["completions", shell])
            #expect(r.status == 0 && r.out.contains("layerlab") && r.err.isEmpty, "\(shell)")
        }
        let bad = try CLITests.run(["completions", "tcsh"])
        #expect(bad.status == 1 && bad.out.isEmpty && bad.err == "layerlab: usage: layerlab completions bash|zsh|fish\n")
        let man = try CLITests.run(["help", "--man"])
        #expect(man.status == 0 && man.out.hasPrefix(".\\\"") && man.out.contains(".TH LAYERLAB 1"))
        let usage = try CLITests.run(["help"])
        #expect(usage.status == 0 && usage.out.contains("layerlab completions bash|zsh|fish"))
        #expect(try CLITests.run(["help", "show"]).out.hasPrefix("Usage: layerlab show FILE"))
        let wrong = try CLITests.run(["help", "--mna"])
        #expect(wrong.status == 1 && wrong.err == "layerlab: usage: layerlab help [--man | SUBCOMMAND]\n")
    }

    @Test func help() throws {
        let r = try CLITests.run(["--help"])
        #expect(r.status == 0 && r.out.contains("layerlab run FILE...") && r.out.contains("layerlab inspect FILE"))
    }

    @Test func inlineCommands() throws {
        let r = try CLITests.run(["-c", "layer a opacity=0.25; inspect a.opacity at=0"])
        #expect(r.status == 0 && r.out == "a.opacity = 0.25\n" && r.err.isEmpty)
        let bad = try CLITests.run(["-c", "layer a; set a opacty=1"])
        #expect(bad.status == 1 && bad.err.hasPrefix("<command>:1:16: unknown key path 'opacty'; did you mean 'opacity'?"))
    }

    @Test func runStopsAtTheFirstError() throws {
        let path = try CLITests.script("layer a\ninspect a.opacity at=0\nbogus\ninspect a.hidden at=0\n")
        let r = try CLITests.run(["run", path])
        #expect(r.status == 1)
        #expect(r.out.isEmpty) // the script is all or nothing
        #expect(r.err.hasPrefix("\(path):3:1: unknown command 'bogus'"))
        let good = try CLITests.run(["run", try CLITests.script("layer a\ninspect a.opacity at=0\n")])
        #expect(good.status == 0 && good.out == "a.opacity = 1\n")
    }

    @Test func stdinContinuesPastFailures() throws {
        let r = try CLITests.run([], stdin: "layer a\nset a opacity=x\nset a opacity=0.5\ninspect a.opacity at=0\n")
        #expect(r.status == 1)
        #expect(r.out == "a.opacity = 0.5\n")
        #expect(r.err.hasPrefix("<stdin>:2:15: expected a number, found 'x'"))
        let ok = try CLITests.run([], stdin: "layer a\n")
        #expect(ok.status == 0 && ok.out.isEmpty && ok.err.isEmpty)
    }

    @Test func inspectAndExplainSubcommands() throws {
        let path = try CLITests.script("""
            shape ring strokeEnd=0
            animate ring strokeEnd from=0 to=1 duration=2 as grow
            """)
        let r = try CLITests.run(["inspect", path, "ring.strokeEnd", "--at", "1"])
        #expect(r.status == 0 && r.out == "ring.strokeEnd = 0.5\n")
        let e = try CLITests.run(["explain", path, "ring.strokeEnd", "--at", "grow.begin + 1"])
        #expect(e.status == 0 && e.out.contains("grow") && e.out.contains("0.5"))
        let bad = try CLITests.run(["inspect", path, "rign.strokeEnd", "--at", "1"])
        #expect(bad.status == 1 && bad.err.contains("unknown layer 'rign'; did you mean 'ring'?"))
        let missing = try CLITests.run(["inspect", "/nonexistent/x.lab", "a"])
        #expect(missing.status == 1 && missing.err == "/nonexistent/x.lab: cannot read '/nonexistent/x.lab': no such file\n")
    }

    @Test func usageErrors() throws {
        #expect(try CLITests.run(["--bogus"]).status == 1)
        #expect(try CLITests.run(["run"]).status == 1)
        #expect(try CLITests.run(["inspect", "only-one"]).status == 1)
    }

    static func folder() throws -> URL {
        URL(fileURLWithPath: Scratch.folder("cli"))
    }

    static let scene = "canvas size=40x40\nshape dot position=(20, 20) path=circle(0, 0, 10) fillColor=red\nanimate dot opacity from=1 to=0 duration=0.5 as fade\n"

    @Test func exportNamesWithSpacesAndTheFormatFromTheExtension() throws {
        let dir = try CLITests.folder()
        let scene = dir.appendingPathComponent("my scene.lab")
        try CLITests.scene.write(to: scene, atomically: false, encoding: .utf8)
        let png = dir.appendingPathComponent("my file.png").path
        let r = try CLITests.run(["export", scene.path, "--png", png])
        #expect(r.status == 0, "\(r.err)")
        #expect(FileManager.default.contents(atPath: png)?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
        let gif = dir.appendingPathComponent("out file.gif").path
        let g = try CLITests.run(["export", scene.path, gif, "--fps", "10"])
        #expect(g.status == 0 && g.err.contains("frames at 10 fps"), "\(g.err)")
        #expect(FileManager.default.contents(atPath: gif)?.starts(with: Array("GIF89a".utf8)) == true)
        let lottie = dir.appendingPathComponent("a \"quoted\" name.json").path
        #expect(try CLITests.run(["export", scene.path, lottie]).status == 0)
        #expect(FileManager.default.fileExists(atPath: lottie))
        // Exporter options are the command's attributes and words: a folder name is taken as given.
        let images = try CLITests.run(["export", scene.path, dir.appendingPathComponent("w.json").path,
                                       "--images", "walk images", "--strict"])
        #expect(images.status == 0, "\(images.err)")
        let bad = try CLITests.run(["export", scene.path, dir.appendingPathComponent("x.mov").path])
        #expect(bad.status == 1 && bad.err.contains("cannot tell the format"))
    }

    @Test func flagValuesAreOneValueEach() throws {
        let path = try CLITests.script(CLITests.scene)
        let r = try CLITests.run(["inspect", path, "dot.opacity", "--at", "fade.end - 0.25"])
        #expect(r.status == 0 && r.out == "dot.opacity = 0.5\n")
        let injected = try CLITests.run(["inspect", path, "dot.opacity", "--at", "0; quit"])
        #expect(injected.status == 1 && injected.err.contains("'0; quit' is not one value") && injected.out.isEmpty)
        let second = try CLITests.run(["show", path, "--at", "0 mode=ascii"])
        #expect(second.status == 1 && second.err.contains("is not one value"))
        let typo = try CLITests.run(["show", path, "--szie", "10x5"])
        #expect(typo.status == 1 && typo.err.contains("did you mean '--size'?"))
    }

    @Test func everySubcommandHasHelp() throws {
        for sub in ["run", "show", "frames", "play", "inspect", "explain", "export", "completions", "help"] {
            let r = try CLITests.run([sub, "--help"])
            #expect(r.status == 0 && r.out.hasPrefix("Usage: layerlab \(sub)"), "\(sub): \(r.err)")
        }
        let play = try CLITests.run(["play", "--help"]).out
        #expect(play.contains("--loop") && play.contains("--speed S") && play.contains("--fps N"))
        let export = try CLITests.run(["export", "--help"]).out
        #expect(export.contains("--gif OUT") && export.contains("gif 20"))
    }

    @Test func unknownSubcommandsListTheRealOnes() throws {
        let r = try CLITests.run(["frobnicate"])
        #expect(r.status == 1 && r.err.contains("unknown subcommand 'frobnicate'"))
        #expect(r.err.contains("run, show, frames, play, inspect, explain, export"))
        #expect(try CLITests.run(["fram"]).err.contains("did you mean 'frames'?"))
        #expect(try CLITests.run(["explian"]).err.contains("did you mean 'explain'?"))
        // A file name still opens it (here: cannot read it).
        #expect(try CLITests.run(["missing.lab"]).err.contains("cannot read 'missing.lab'"))
    }

    @Test func saveScriptRunsBackAndEditNeedsTheREPL() throws {
        let dir = try CLITests.folder()
        let script = dir.appendingPathComponent("saved scene.lab").path
        let r = try CLITests.run(["-c", "shape dot path=circle(5, 5, 2) fillColor=#ff000080; animate dot opacity to=0 duration=0.5 as fade; save \"\(script)\""])
        #expect(r.status == 0 && r.out.contains("saved"), "\(r.err)")
        let back = try CLITests.run(["inspect", script, "dot.opacity", "--at", "fade.end - 0.25"])
        #expect(back.status == 0 && back.out == "dot.opacity = 0.5\n", "\(back.err)")
        let edit = try CLITests.run(["-c", "layer a; edit"])
        #expect(edit.status == 1 && edit.err.contains("edit opens your editor, so it works only at the interactive prompt"))
    }
}
