import Testing
import LayerLabCore
@testable import LayerLabScript

@Suite struct SessionTests {
    @Test func unnamedAnimationsGetUniqueNamesShownToTheUser() {
        var s = Session(settings: .init(announceNames: true))
        _ = s.run("shape oval", name: "<t>")
        #expect(s.run("animate oval path to=rect(0,0,1,1)", name: "<t>").responses == [.text("added animation oval.path")])
        #expect(s.run("animate oval path to=rect(0,0,2,2)", name: "<t>").responses == [.text("added animation oval.path.2")])
        #expect(s.run("animate oval transform.rotation to=1turn", name: "<t>").responses
                == [.text("added animation oval.transform.rotation.z")])
    }

    @Test func continuationLines() {
        var s = Session.test()
        guard case .needsMoreInput = s.handle("group g on a {") else { Issue.record("expected more input"); return }
        #expect(s.isContinuing)
        guard case .needsMoreInput = s.handle("  animate opacity to=0") else { Issue.record("expected more input"); return }
        let o = s.handle("}")
        // The layer does not exist: the whole block is one command and fails, at its line.
        #expect(o.diagnostic?.line == 1)
        #expect(!s.isContinuing)
        s.ok("layer a")
        _ = s.handle("group g on a {"); _ = s.handle("animate opacity to=0")
        #expect(s.handle("}").diagnostic == nil)
        #expect(s.document.animation(named: "g") != nil)
        #expect(s.handle("bogus").diagnostic?.line == 7)
    }

    @Test func failedCommandLeavesNoUndoStep() {
        var s = Session.test()
        s.ok("layer a")
        let before = s.history
        _ = s.fails("set a opacity=0.5 position=nope")
        #expect(s.history == before)
        #expect(s.document.layer(named: "a")?.properties.isEmpty == true)
    }

    @Test func scriptIsOneUndoStepAndAllOrNothing() {
        let files = MemoryFiles(["a.lab": "layer a\nlayer b in a\nset b opacity=0.5\n", "bad.lab": "layer c\nset c opacity=x\n"])
        var s = Session.test(files: files)
        s.ok("run a.lab")
        #expect(s.history.entries.count == 2)
        #expect(s.document.allLayers.map(\.layer.name) == ["a", "b"])
        _ = s.fails("run bad.lab")
        #expect(s.document.layer(named: "c") == nil)
        s.ok("undo")
        #expect(s.document.layers.isEmpty)
    }

    @Test func runScriptRollsBackOnError() {
        var s = Session.test()
        let o = s.runScript("layer a\nlayer a\n", name: "x.lab")
        #expect(o.diagnostic?.description.hasPrefix("x.lab:2:7: the name 'a' is already used by a layer") == true)
        #expect(s.document.layers.isEmpty)
    }

    @Test func undoRedoAndHistory() {
        var s = Session.test()
        s.ok("layer a; layer b; set a opacity=0.5")
        #expect(s.ok("undo 2") == "undid: set a opacity=0.5\nundid: layer b")
        #expect(s.ok("history") == "* 1  layer a\n  2  layer b   (undone)\n  3  set a opacity=0.5   (undone)")
        #expect(s.ok("redo") == "redid: layer b")
        #expect(s.ok("undo 10") == "undid: layer b\nundid: layer a")
        #expect(s.ok("undo") == "nothing to undo")
        s.ok("layer z")
        #expect(s.ok("redo") == "nothing to redo")
    }

    @Test func renameFollowsReferences() {
        var s = Session.test()
        s.ok("path p = rect(0,0,1,1); shape a path=p; layer m; set a mask=m")
        s.ok("animate a opacity to=0 as fade; at fade.end set a hidden=true as hide; animate a opacity beginTime=hide.begin")
        s.ok("rename a b; rename m mm; rename fade ff; rename p q; rename hide h")
        let d = s.document
        #expect(d.layer(named: "b")?.properties["mask"] == .string("mm"))
        #expect(d.layer(named: "b")?.properties["path"] == .pathRef("q"))
        #expect(d.animations.allSatisfy { $0.layer == "b" })
        #expect(d.events.first?.time == .end("ff"))
        #expect(d.animations.last?.timing.beginTime == .begin("h"))
    }

    @Test func deleteLayerTakesItsSubtreeAndClearsMasks() {
        var s = Session.test()
        s.ok("layer a; layer b in a; shape c; set c mask=b; animate b opacity to=0")
        s.ok("delete a")
        #expect(s.document.allLayers.map(\.layer.name) == ["c"])
        #expect(s.document.animations.isEmpty)
        #expect(s.document.layer(named: "c")?.properties["mask"] == nil)
    }

    @Test func moveReordersAndReparents() {
        var s = Session.test()
        s.ok("layer a; layer b; layer c; move c index=0; move b in a")
        #expect(s.document.layers.map(\.name) == ["c", "a"])
        #expect(s.document.layer(named: "a")?.sublayers.map(\.name) == ["b"])
    }

    @Test func setAnimatedIsAnImplicitActionAtTheCurrentTime() {
        var s = Session.test()
        s.ok("shape ring strokeEnd=0; seek 1; set ring strokeEnd=0.5 animated")
        let e = s.document.events.first
        #expect(e?.time == .number(1) && e?.animated == true && e?.name == "ring.set")
    }

    @Test func setAnimationChangesTimingInPlace() {
        var s = Session.test()
        s.ok("layer a; animate a opacity to=0 as x; animate a opacity to=1 as y; set x duration=2 fillMode=forwards")
        #expect(s.document.animations.map(\.name) == ["x", "y"])
        #expect(s.document.animation(named: "x")?.timing.duration == 2)
        #expect(s.document.animation(named: "x")?.timing.fillMode == .forwards)
        s.ok("set x.duration = 3")
        #expect(s.document.animation(named: "x")?.timing.duration == 3)
    }

    @Test func springForms() {
        var s = Session.test()
        s.ok("layer a; spring a transform.scale to=1 dampingRatio=0.7 initialSpringVelocity=0.1 duration=0.4 as s1")
        s.ok("spring a opacity to=1 stiffness=200 as s2")
        guard case .spring(let s1)? = s.document.animation(named: "s1")?.body,
              case .spring(let s2)? = s.document.animation(named: "s2")?.body else { Issue.record("no springs"); return }
        #expect(s1.form == .dampingRatio(0.7, initialVelocity: 0.1))
        #expect(s2.form == .physics(mass: 1, stiffness: 200, damping: 10, initialVelocity: 0))
    }

    @Test func inspectLayoutWithoutAt() {
        var s = Session.test()
        s.ok("layer a opacity=0.5")
        #expect(s.ok("inspect a.opacity") == "# model at t=0\na.opacity = 0.5\n# presentation at t=0\na.opacity = 0.5")
        let all = s.ok("inspect a at=0").split(separator: "\n")
        #expect(all.count == PropertyTable.properties(for: .layer).count)
        #expect(all.allSatisfy { $0.hasPrefix("a.") && $0.contains(" = ") })
    }

    @Test func saveAndLoadProjects() {
        let files = MemoryFiles()
        var s = Session.test(files: files)
        s.ok("layer a")
        #expect(s.isDirty)
        #expect(s.ok("save p.json") == "saved p.json")
        #expect(!s.isDirty && s.fileName == "p.json")
        s.ok("new")
        #expect(s.document.layers.isEmpty)
        s.ok("load p.json")
        #expect(s.document.layer(named: "a") != nil && !s.isDirty)
        #expect(s.fails("load missing.lab") == "<test>:1:6: cannot read 'missing.lab': no such file\n 1 | load missing.lab\n   |      ^^^^^^^^^^^")
    }

    @Test func effectsCarryTheDocumentAtThatPoint() {
        var s = Session.test()
        let o = s.run("layer a; show at=1 mode=ascii; layer b; play loop; export png x.png at=0.5; quit; layer c", name: "<t>")
        let effects = o.responses.compactMap { r -> Effect? in if case .effect(let e) = r { return e }; return nil }
        guard effects.count == 4, case .show(let show) = effects[0], case .play(let play) = effects[1],
              case .export(let ex) = effects[2] else { Issue.record("got \(effects)"); return }
        #expect(show.document.layers.count == 1 && show.time == 1 && show.mode == .ascii)
        #expect(play.document.layers.count == 2 && play.loop)
        #expect(ex.format == .png && ex.file == "x.png" && ex.at == 0.5)
        #expect(effects[3] == .quit)
        #expect(s.document.layer(named: "c") == nil) // quit stops the line
    }

    @Test func previewShowsAFrameAfterChanges() {
        var s = Session.test()
        s.ok("preview on")
        let o = s.run("layer a", name: "<t>")
        guard case .effect(.show(let r))? = o.responses.last else { Issue.record("no preview frame"); return }
        #expect(r.document.layer(named: "a") != nil)
        #expect(s.run("tree", name: "<t>").responses.count == 1)
    }

    @Test func helpIsDrivenByTheCommandTable() {
        var s = Session.test()
        let overview = s.ok("help")
        for c in CommandTable.all where c.name != "layer" { #expect(overview.contains(c.name)) }
        #expect(s.ok("help animate").hasPrefix("animate LAYER KEYPATH"))
        #expect(s.ok("help timing").contains("(2π/d)²"))
        #expect(s.ok("help keypaths").contains("strokeEnd"))
        #expect(s.ok("help layer").hasPrefix("layer|shape|text|image"))
        #expect(s.ok("help shape").hasPrefix("shape NAME"), "a kind has its own help")
    }

    @Test func treeAndTimeline() {
        var s = Session.test()
        s.ok("layer a; shape b in a fillColor=red; animate b opacity to=0 duration=1 as fade; at fade.end set b hidden=true as hide")
        let tree = s.ok("tree")
        #expect(tree.contains("└─ a (layer)"))
        #expect(tree.contains("└─ b (shape) fillColor=#ff0000ff"))
        #expect(tree.contains("~ fade: animate opacity duration=1"))
        #expect(tree.contains("@ hide: at fade.end set hidden=true"))
        let timeline = s.ok("timeline")
        #expect(timeline.contains("fade |================================================| 0 – 1"))
        #expect(timeline.contains("hide |"))
    }
}
