import Testing
import LayerLabCore
@testable import LayerLabScript

/// `emitter NAME … { cell NAME … { cell … } }`: cells in blocks, placement rules, the
/// `emitterCells.NAME.KEY` key paths, and saving as a script.
struct EmitterScriptTests {
    @Test func blocksNestCellsUnderTheEmitter() throws {
        var s = Session.test()
        s.ok("""
            emitter fire position=(100, 100) emitterShape=circle emitterSize=10x0 {
                cell spark birthRate=20 lifetime=1.5 color=orange {
                    cell trail birthRate=5
                }
                cell smoke birthRate=2
            }
            """)
        let fire = try #require(s.document.layer(named: "fire"))
        #expect(fire.kind == .emitter && fire.sublayers.map(\.name) == ["spark", "smoke"])
        #expect(fire.sublayers[0].sublayers.map(\.name) == ["trail"])
        #expect(fire.sublayers[0].kind == .emitterCell)
        #expect(s.document.layer(named: "spark")?.properties["birthRate"] == .number(20))
        #expect(fire.properties["emitterShape"] == .string("circle"))
        // One command, one undo step.
        s.ok("undo")
        #expect(s.document.layers.isEmpty)
    }

    @Test func cellsGoOnlyInEmittersAndCells() {
        var s = Session.test()
        #expect(s.fails("cell lone birthRate=1").contains("a cell goes in an emitter or in another cell"))
        s.ok("emitter fire { cell spark }; layer box")
        #expect(s.fails("layer inner in spark").contains("a cell holds only cells"))
        #expect(s.fails("move box in spark").contains("a cell holds only cells"))
        #expect(s.fails("move spark in box").contains("a cell goes in an emitter"))
        #expect(s.fails("set box mask=spark").contains("'spark' is a cell, not a layer"))
        #expect(s.fails("set spark position=(1, 2)").contains("'position' belongs to"))
        #expect(s.fails("emitter e2 { layer x }").contains("unknown command 'layer'"))
        #expect(s.fails("emitter e3 {\ncell a\n").contains("'{'"))
        // A cell may also be added on its own line, into an emitter or a cell.
        s.ok("cell ember in fire birthRate=3; cell glow in ember")
        #expect(s.document.layer(named: "fire")?.sublayers.map(\.name) == ["spark", "ember"])
    }

    @Test func emitterAndCellHaveTheirOwnDefaults() {
        var s = Session.test()
        s.ok("emitter fire { cell spark }")
        #expect(s.ok("inspect fire.birthRate at=0") == "fire.birthRate = 1")
        #expect(s.ok("inspect spark.birthRate at=0") == "spark.birthRate = 0")
        #expect(s.ok("inspect fire.emitterMode at=0") == "fire.emitterMode = volume")
    }

    @Test func inspectCountsTheParticlesAndWarnsOfTheCap() {
        var s = Session.test()
        s.ok("emitter fire { cell spark birthRate=10 lifetime=1 }")
        #expect(s.ok("inspect fire at=2.55").hasSuffix("# fire: 10 particles drawn at t=2.55"))
        s.ok("set spark birthRate=100000")
        let text = s.ok("inspect fire at=2")
        #expect(text.contains("2000 particles drawn") && text.contains("more alive are not drawn (at most 2000 an emitter)"))
        #expect(!s.ok("inspect fire.birthRate at=2").contains("particles"))
    }

    @Test func emitterCellsKeyPathsNameTheCell() {
        var s = Session.test()
        s.ok("emitter fire { cell spark birthRate=10 { cell trail } }")
        s.ok("animate fire emitterCells.spark.birthRate to=0 duration=1")
        #expect(s.document.animations.first?.layer == "spark" && s.document.animations.first?.keyPath == "birthRate")
        #expect(s.ok("inspect fire.emitterCells.spark.birthRate at=0.5") == "spark.birthRate = 5")
        s.ok("set fire emitterCells.spark.emitterCells.trail.velocity=7")
        #expect(s.document.layer(named: "trail")?.properties["velocity"] == .number(7))
        s.ok("set fire.emitterCells.spark.lifetime = 2")
        #expect(s.document.layer(named: "spark")?.properties["lifetime"] == .number(2))
        #expect(s.ok("explain fire.emitterCells.spark.lifetime").contains("stored value:       2"))
        #expect(s.fails("animate fire emitterCells.spork.birthRate to=1").contains("did you mean 'spark'"))
    }

    @Test func savedScriptsWriteCellBlocks() throws {
        let files = MemoryFiles()
        var s = Session.test(files: files)
        s.ok("""
            emitter fire position=(60, 40) seed=3 renderMode=additive {
                cell spark birthRate=20 lifetime=1.5 {
                    cell trail birthRate=5 color=red
                }
            }
            layer over in fire backgroundColor=red
            cell late in fire birthRate=2
            emitter other
            layer first in other
            cell later in other
            animate fire emitterCells.spark.velocity from=80 to=10 duration=2
            """)
        s.ok("save scene.lab")
        let text = String(decoding: try #require(files.files["scene.lab"]), as: UTF8.self)
        #expect(text.contains("emitter fire bounds") || text.contains("emitter fire position"))
        #expect(text.contains("    cell spark birthRate=20 lifetime=1.5 {\n        cell trail birthRate=5"))
        #expect(text.contains("cell late in fire") && text.contains("cell later in other"))
        var back = Session.test(files: files)
        #expect(back.run(text, name: "scene.lab").diagnostic == nil)
        #expect(back.document == s.document)
    }
}
