import Foundation
import LayerLabCore
@testable import LayerLabExport
import LayerLabScript
import Testing

/// Emitters leave LayerLab as CAEmitterLayer and CAEmitterCell in Swift (type-checked with the
/// other examples), and as a note in Lottie, which has no particles.
struct EmitterExportTests {
    static let script = """
        canvas size=200x200 duration=2
        path star = polygon((0, -5), (4, 4), (-4, 4))
        emitter fire position=(100, 100) bounds=rect(0, 0, 200, 200) emitterPosition=(100, 150) emitterShape=line \\
            emitterSize=40x0 renderMode=additive seed=9 {
            cell spark birthRate=30 lifetime=1.2 velocity=90 emissionLongitude=-90deg emissionRange=0.4 \\
                color=orange alphaSpeed=-0.6 path=star enabled=true {
                cell trail birthRate=10 lifetime=0.3 color=red
            }
        }
        animate fire emitterCells.spark.birthRate from=30 to=0 duration=2 as calm
        animate fire birthRate from=1 to=2 duration=1 as boost
        at 1 set spark color=blue as tint
        """

    static func document() throws -> Document { ExportFixtures.document(script, name: "fire.lab") }

    @Test func swiftBuildsEmitterAndCells() throws {
        let export = SwiftExporter.export(try Self.document(), options: SwiftOptions())
        let src = export.source
        #expect(src.contains("let fireLayer = CAEmitterLayer()"))
        #expect(src.contains("fireLayer.emitterShape = .line") && src.contains("fireLayer.renderMode = .additive"))
        #expect(src.contains("fireLayer.seed = 9") && src.contains("fireLayer.emitterSize = CGSize(width: 40, height: 0)"))
        #expect(src.contains("let sparkCell = CAEmitterCell()") && src.contains("sparkCell.name = \"spark\""))
        #expect(src.contains("sparkCell.contents = particleImage(paths.star"))
        #expect(src.contains("trailCell.contents = particleImage(particleDot)"))
        #expect(src.contains("sparkCell.emitterCells = [trailCell]") && src.contains("fireLayer.emitterCells = [sparkCell]"))
        #expect(src.contains("sparkCell.isEnabled = true"))
        #expect(!src.contains("addSublayer(sparkCell)"))
        // Cell animations go on the emitter under Core Animation's key path.
        #expect(src.contains("CABasicAnimation(keyPath: \"emitterCells.spark.birthRate\")"))
        #expect(src.contains("fireLayer.add(calmAnimation"))
        #expect(export.notes.contains { $0.contains("tint") && $0.contains("cell spark") })
    }

    @Test(.enabled(if: SwiftTypeCheck.compiler != nil, "no swiftc on the PATH"))
    func swiftTypeChecks() throws {
        let src = SwiftExporter.export(try Self.document(), options: SwiftOptions()).source
        let check = try SwiftTypeCheck.check([("fire.swift", src)], platform: .iOS)
        #expect(check.ok, "\(check.errors)")
        let mac = SwiftExporter.export(try Self.document(), options: SwiftOptions(platform: .macOS)).source
        let macCheck = try SwiftTypeCheck.check([("fire.swift", mac)], platform: .macOS)
        #expect(macCheck.ok, "\(macCheck.errors)")
    }

    @Test func lottieNotesTheParticles() throws {
        let export = LottieExporter.export(try Self.document(), options: LottieOptions())
        #expect(export.notes.contains { $0.contains("fire") && $0.contains("particles") })
        let json = String(decoding: export.data, as: UTF8.self)
        #expect(json.contains("\"fire\"") && !json.contains("\"spark\""))
    }

    /// What is lost is said once a kind and layer, not once a property: one line for the
    /// particles (cells and their properties counted), one for the emitter's own properties.
    @Test func lottieGroupsWhatItLeavesOut() throws {
        let notes = LottieExporter.export(try Self.document(), options: LottieOptions()).notes
        let fire = notes.filter { $0.hasPrefix("fire:") }
        #expect(fire == [
            "fire: particles (CAEmitterLayer) are not exported to Lottie, only the layer itself (2 cells, 9 cell properties)"
                + "; export with bake (--bake) to draw each particle as a layer",
            "fire: emitterPosition, emitterShape, emitterSize, renderMode, seed and birthRate are not exported to Lottie",
        ], "\(notes)")
        #expect(!notes.contains { $0.hasPrefix("spark:") || $0.hasPrefix("trail:") }, "\(notes)")
    }

    /// Baked, the particles (a cell's own cells' too) are layers and the emitter's values are
    /// in them: only the additive blending, which some players ignore, is still noted.
    @Test func bakeDrawsTheParticlesAndTheirCells() throws {
        let export = LottieExporter.export(try Self.document(), options: LottieOptions(fps: 30, bake: true))
        #expect(export.refusal == nil)
        #expect(export.notes.filter { $0.hasPrefix("fire:") }
                == ["fire: additive particles use Lottie's add blend mode, which some players (rlottie) draw as normal"],
                "\(export.notes)")
        #expect(export.baked.count == 1 && export.baked[0].hasPrefix("fire's particles as "), "\(export.baked)")
        let json = String(decoding: export.data, as: UTF8.self)
        #expect(json.contains("\"fire particle 1\"") && json.contains("\"bm\":16"))
    }
}
