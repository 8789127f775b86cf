import Foundation
import Testing

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
        env["XDG_STATE_HOME"] = FileManager.default.temporaryDirectory
            .appendingPathComponent("layerlab-cli-state-\(UUID().uuidString)").path
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
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("layerlab-cli-\(UUID().uuidString).lab")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func version() throws {
        let r = try CLITests.run(["--version"])
        #expect(r.status == 0 && r.out == "layerlab 0.1.0\n")
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
}
