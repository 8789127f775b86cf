import Foundation
import Testing

/// `layerlab export` with the exporters' options: images beside the JSON, the Swift platform,
/// and `--strict` refusing (exit 1, no file) an export that would lose anything.
@Suite(.serialized) struct ExportCommandTests {
    static let examples = PlayerComparison.repository.appendingPathComponent("examples")

    /// Runs the built `layerlab` binary.
    func run(_ args: [String]) throws -> (status: Int32, err: String) {
        let r = try LayerLabProcess.run(args)
        return (r.status, r.err)
    }

    @Test func strictRefusesALossyExportAndWritesNothing() throws {
        let folder = try PlayerComparison.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("LoadingS.swift").path
        let refused = try run(["export", Self.examples.appendingPathComponent("loading-s.lab").path, "--swift", out, "--strict"])
        #expect(refused.status == 1)
        #expect(refused.err.contains("refused") && refused.err.contains("Helvetica unless set"), "\(refused.err)")
        #expect(!FileManager.default.fileExists(atPath: out))
        // Without --strict the same export is written, the loss named as a warning.
        let written = try run(["export", Self.examples.appendingPathComponent("loading-s.lab").path, "--swift", out,
                           "--platform", "macos"])
        #expect(written.status == 0 && written.err.contains("Helvetica unless set"))
        let source = try String(contentsOfFile: out, encoding: .utf8)
        #expect(source.contains("enum LoadingSScene") && source.contains("import AppKit"))
    }

    @Test func strictAcceptsALosslessExport() throws {
        let folder = try PlayerComparison.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("walk.json").path
        let result = try run(["export", Self.examples.appendingPathComponent("parallax-walk.lab").path, "--lottie", out, "--strict"])
        #expect(result.status == 0, "\(result.err)")
        let json = try String(contentsOfFile: out, encoding: .utf8)
        #expect(json.contains("data:image/png;base64,") && json.contains("\"e\":1"))
    }

    /// Without `--bake` the particles are a warning that names `--bake`; with it they are drawn,
    /// the summary says what was baked and how many bytes were written, nothing is lost (so
    /// `--strict` accepts it), and the baked confetti stays under 1 MB.
    @Test func bakeDrawsTheParticlesAndSaysWhatItCost() throws {
        let folder = try PlayerComparison.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("confetti.json").path
        let script = Self.examples.appendingPathComponent("confetti.lab").path
        let plain = try run(["export", script, out])
        #expect(plain.status == 0 && plain.err.contains("particles (CAEmitterLayer) are not exported") && plain.err.contains("--bake"),
                "\(plain.err)")
        let baked = try run(["export", script, out, "--bake", "--strict"])
        #expect(baked.status == 0, "\(baked.err)")
        #expect(baked.err.contains("baked confetti's particles as") && baked.err.contains(" bytes)"), "\(baked.err)")
        let size = try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int ?? 0
        #expect(size > 100_000 && size < 1_000_000, "baked confetti is \(size) bytes")
        #expect(baked.err.contains("\(size) bytes"), "the size written is the size reported")
        // bake is for Lottie only: a Swift export with it is refused and writes nothing.
        let swift = folder.appendingPathComponent("Confetti.swift").path
        let refused = try run(["export", script, swift, "--bake"])
        #expect(refused.status != 0 && refused.err.contains("bake applies to lottie"), "\(refused.err)")
        #expect(!FileManager.default.fileExists(atPath: swift))
    }

    @Test func imagesBesideTheJSON() throws {
        let folder = try PlayerComparison.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("walk.json").path
        let result = try run(["export", Self.examples.appendingPathComponent("parallax-walk.lab").path, "--lottie", out,
                          "--images", "walk-images"])
        #expect(result.status == 0, "\(result.err)")
        let json = try String(contentsOfFile: out, encoding: .utf8)
        #expect(json.contains("\"u\":\"walk-images/\"") && !json.contains("base64"))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("walk-images").path)
        #expect(files.count >= 6 && files.allSatisfy { $0.hasSuffix(".png") })
    }
}
