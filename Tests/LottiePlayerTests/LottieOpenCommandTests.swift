import Foundation
import Testing

/// Opening Lottie files from the command line: told by content, drawn, inspected, explained
/// and exported like any document; warnings on standard error; `--strict` refuses.
@Suite(.serialized) struct LottieOpenCommandTests {
    static let anim = #"""
    {"v":"5.7.4","fr":10,"ip":0,"op":20,"w":100,"h":60,"layers":[{"ty":4,"nm":"Ball","ind":1,"ip":0,"op":20,"st":0,
    "ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[100,50]}]},"r":{"a":0,"k":0,"x":"time*10"}},
    "shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}
    """#

    /// Runs the built `layerlab` binary in `folder`.
    func run(_ args: [String], in folder: URL) throws -> (status: Int32, out: String, err: String) {
        let r = try LayerLabProcess.run(args, in: folder)
        return (r.status, r.out, r.err)
    }

    func folder() throws -> URL {
        let f = try PlayerComparison.temporaryFolder()
        try Self.anim.write(to: f.appendingPathComponent("anim.json"), atomically: true, encoding: .utf8)
        return f
    }

    @Test func inspectAndExplainReadTheKeyframes() throws {
        let f = try folder()
        defer { try? FileManager.default.removeItem(at: f) }
        let inspect = try run(["inspect", "anim.json", "Ball.position", "--at", "0.5"], in: f)
        #expect(inspect.status == 0 && inspect.out == "Ball.position = (50, 25)\n", "\(inspect)")
        #expect(inspect.err.contains("warning: anim.json: 1 expression not run (keyframed value used): Ball ks.r"), "\(inspect.err)")
        let explain = try run(["explain", "anim.json", "Ball.position", "--at", "0.5"], in: f)
        #expect(explain.status == 0)
        #expect(explain.out.contains(#"from Lottie layer "Ball" ks.p, at frame 5: keyframe 1 (frame 0) → keyframe 2 (frame 10) of 2"#),
                "\(explain.out)")
    }

    @Test func showsAndExportsWhateverTheExtension() throws {
        let f = try folder()
        defer { try? FileManager.default.removeItem(at: f) }
        try FileManager.default.copyItem(at: f.appendingPathComponent("anim.json"), to: f.appendingPathComponent("anim.data"))
        let show = try run(["show", "anim.data", "--at", "0.5", "--size", "20x6"], in: f)
        #expect(show.status == 0 && show.out.contains("@"), "\(show)")
        for out in ["a.png", "a.swift", "a.gif", "again.json"] {
            let r = try run(["export", "anim.json", out], in: f)
            #expect(r.status == 0, "\(out): \(r.err)")
            #expect(FileManager.default.fileExists(atPath: f.appendingPathComponent(out).path))
        }
        // LayerLab's own Lottie export opens again.
        let again = try run(["inspect", "again.json", "Ball.position", "--at", "1"], in: f)
        #expect(again.status == 0 && again.out.contains("(100, 50)"), "\(again)")
        let saved = try run(["-c", "load anim.json; save copy.lab; save copy.json"], in: f)
        #expect(saved.status == 0, "\(saved.err)")
        let script = try run(["inspect", "copy.lab", "Ball.position", "--at", "0.5"], in: f)
        #expect(script.out == "Ball.position = (50, 25)\n", "\(script)")
        // `export x.lab` writes the same script from the command line.
        let exported = try run(["export", "anim.json", "exported.lab"], in: f)
        #expect(exported.status == 0 && exported.err.contains("LayerLab script"), "\(exported.err)")
        let written = try String(contentsOf: f.appendingPathComponent("exported.lab"), encoding: .utf8)
        #expect(written == (try String(contentsOf: f.appendingPathComponent("copy.lab"), encoding: .utf8)))
    }

    @Test func strictRefusesAndTruncatedFilesSayWhere() throws {
        let f = try folder()
        defer { try? FileManager.default.removeItem(at: f) }
        let strict = try run(["show", "anim.json", "--strict"], in: f)
        #expect(strict.status == 1 && strict.err.contains("refused (strict): 1 expression not run"), "\(strict.err)")
        let repl = try run(["-c", "load anim.json strict"], in: f)
        #expect(repl.status == 1 && repl.err.contains("refused (strict)"), "\(repl.err)")
        try String(Self.anim.prefix(150)).write(to: f.appendingPathComponent("cut.json"), atomically: true, encoding: .utf8)
        let cut = try run(["show", "cut.json"], in: f)
        #expect(cut.status == 1 && cut.err.contains("line 2, column 39") && cut.err.contains("truncated"), "\(cut.err)")
    }
}
