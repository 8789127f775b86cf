import Foundation
import LayerLabTerminal
import Testing

/// `.lottie` archives open wherever a file opens: the first animation by default, another with
/// `--animation ID`, a clear error for an ID the archive lacks or a damaged archive.
@Suite(.serialized) struct DotLottieCommandTests {
    static let folder = LottieCorpus.folder.appendingPathComponent("dotlottie")

    func run(_ args: [String]) throws -> (status: Int32, err: String) { try ExportCommandTests().run(args) }

    @Test func opensTheFirstAnimationAndSaysWhichOthersThereAre() throws {
        let r = try run(["show", Self.folder.appendingPathComponent("multiple-animations.lottie").path, "--size", "20x6"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("the file holds 3 animations (\"0\", \"1\", \"2\"); this is \"0\""), "\(r.err)")
    }

    @Test func opensTheAnimationAskedFor() throws {
        let out = try PlayerComparison.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let file = Self.folder.appendingPathComponent("multiple-animations.lottie").path
        let png = out.appendingPathComponent("a.png").path
        let r = try run(["export", file, "--png", png, "--animation", "2", "--size", "64x64"])
        #expect(r.status == 0 && r.err.contains("this is \"2\""), "\(r.err)")
        #expect(FileManager.default.fileExists(atPath: png))
        let bad = try run(["show", file, "--animation", "7"])
        #expect(bad.status == 1 && bad.err.contains("the file has no animation \"7\"; it has \"0\", \"1\", \"2\""), "\(bad.err)")
    }

    /// In the REPL, `load FILE animation=ID` opens that animation (an undoable step like any
    /// load); an ID the archive lacks is refused and changes nothing; a file that is not an
    /// archive is refused with it rather than opened as if the ID did not matter.
    @Test func theREPLLoadsTheAnimationAskedFor() throws {
        let out = try PlayerComparison.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let file = Self.folder.appendingPathComponent("multiple-animations.lottie").path
        let shell = LottieOpenCommandTests()
        let two = try shell.run(["-c", "load \"\(file)\" animation=2; tree"], in: out)
        #expect(two.status == 0 && two.err.contains("this is \"2\""), "\(two.err)")
        let first = try shell.run(["-c", "load \"\(file)\"; tree"], in: out)
        #expect(first.status == 0 && first.err.contains("this is \"0\""), "\(first.err)")
        // The two animations are different documents.
        #expect(two.out != first.out && !two.out.isEmpty, "\(two.out)")
        let quoted = try shell.run(["-c", "load \"\(file)\" animation=\"1\" strict"], in: out)
        #expect(quoted.err.contains("this is \"1\"") || quoted.err.contains("refused (strict)"), "\(quoted.err)")
        let missing = try shell.run(["-c", "load \"\(file)\" animation=7"], in: out)
        #expect(missing.status == 1 && missing.err.contains("the file has no animation \"7\""), "\(missing.err)")
        try Data("{\"v\":\"5.7.0\",\"fr\":30,\"ip\":0,\"op\":30,\"w\":10,\"h\":10,\"layers\":[]}".utf8)
            .write(to: out.appendingPathComponent("plain.json"))
        let plain = try shell.run(["-c", "load plain.json animation=2"], in: out)
        #expect(plain.status == 1 && plain.err.contains("only a dotLottie file holds several animations"), "\(plain.err)")
        let typo = try shell.run(["-c", "load \"\(file)\" animaton=2"], in: out)
        #expect(typo.status == 1 && typo.err.contains("animation"), "\(typo.err)")
    }

    /// An archive's images are files in it (marked `e: 1` with a plain name, not data URLs):
    /// they are drawn, not skipped. The picture at 1 s is mostly the drawing's colours, not
    /// the white of an empty canvas.
    @Test func drawsTheImagesInTheArchive() throws {
        let out = try PlayerComparison.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let png = out.appendingPathComponent("i.png").path
        let r = try run(["export", Self.folder.appendingPathComponent("images.lottie").path, "--png", png, "--at", "1",
                         "--size", "200x90"])
        #expect(r.status == 0, "\(r.err)")
        #expect(!r.err.contains("do not decode"), "\(r.err)")
        let bitmap = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: png)))
        var coloured = 0
        for i in stride(from: 0, to: bitmap.pixels.count, by: 4) {
            let (r, g, b) = (Int(bitmap.pixels[i]), Int(bitmap.pixels[i + 1]), Int(bitmap.pixels[i + 2]))
            if max(r, g, b) - min(r, g, b) > 40 { coloured += 1 }
        }
        #expect(coloured > bitmap.width * bitmap.height / 20, "\(coloured) coloured pixels of \(bitmap.width * bitmap.height)")
    }

    @Test func opensVersionTwoArchivesWhateverTheirName() throws {
        let out = try PlayerComparison.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let renamed = out.appendingPathComponent("zen.bin")
        try FileManager.default.copyItem(at: Self.folder.appendingPathComponent("zen-v2.lottie"), to: renamed)
        let r = try run(["show", renamed.path, "--size", "20x6"])
        #expect(r.status == 0, "\(r.err)")
    }

    @Test func refusesADamagedArchive() throws {
        let out = try PlayerComparison.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let cut = out.appendingPathComponent("cut.lottie")
        try Data(try Data(contentsOf: Self.folder.appendingPathComponent("zen-v2.lottie")).prefix(3000)).write(to: cut)
        let r = try run(["show", cut.path])
        #expect(r.status == 1 && r.err.contains("not a zip archive"), "\(r.err)")
    }
}
