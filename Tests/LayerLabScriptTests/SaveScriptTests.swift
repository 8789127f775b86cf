import Testing
import LayerLabCore
@testable import LayerLabScript

/// `save FILE.lab` writes the document as a script; `save NAME` adds `.json`.
struct SaveScriptTests {
    @Test func saveWithoutAnExtensionAddsJSON() {
        let files = MemoryFiles()
        var s = Session.test(files: files)
        #expect(s.ok("layer a; save own") == "saved own.json")
        #expect(files.files["own.json"] != nil)
        #expect(s.fileName == "own.json" && !s.isDirty)
        #expect(s.ok("set a opacity=0.5; save") == "saved own.json", "save again goes to the same file")
    }

    @Test func saveLabWritesAScriptThatRebuildsTheDocument() throws {
        let files = MemoryFiles()
        var s = Session.test(files: files)
        s.ok("""
            canvas size=120x80 background=#202020
            path big = oval(0, 0, 40, 40)
            layer holder position=(60, 40)
            shape dot in holder path=big fillColor=rgba(255, 0, 0, 0.3)
            layer cover
            set holder mask=cover
            animate dot opacity from=1 to=0 duration=0.5 as fade
            group wobble on dot beginTime=after fade sequence {
                animate path to=oval(0, 0, 30, 50) duration=0.2
                group inner repeatCount=2 { animate transform.scale to=1.2 }
            }
            at wobble.end + 0.1 set dot hidden=true as hide
            canvas duration=hide.begin + 1
            """)
        #expect(s.ok("save scene.lab") == "saved scene.lab")
        let text = String(decoding: try #require(files.files["scene.lab"]), as: UTF8.self)
        #expect(text.hasPrefix(ScriptWriter.header))
        #expect(text.contains("beginTime=after fade") && text.contains("as hide") && text.contains("group inner"))
        var back = Session.test(files: files)
        #expect(back.run(text, name: "scene.lab").diagnostic == nil)
        #expect(back.document == s.document)
        #expect(back.ok("inspect dot.fillColor at=0").contains("#ff00004d"))
    }

    @Test func thePosterTimeIsSavedAndRead() throws {
        var s = Session.test()
        s.ok("layer a\nanimate a opacity to=0 duration=3\ncanvas poster=1500ms")
        #expect(s.document.canvas.poster == 1.5)
        #expect(Evaluator(document: s.document).posterTime == 1.5)
        #expect(ScriptWriter.script(for: s.document).contains("canvas poster=1.5"))
        s.ok("canvas poster=none")
        #expect(Evaluator(document: s.document).posterTime == 3, "the end of the scene")
        #expect(s.fails("canvas poster=fade").contains("poster"))
    }

    /// The shell's stills take the poster time without an evaluator when the document states
    /// it; it must be the evaluator's answer, and none when the duration names an animation.
    @Test func aStatedPosterTimeIsTheEvaluatorsAnswer() {
        var s = Session.test()
        s.ok("layer a\nanimate a opacity to=0 duration=3 as fade")
        #expect(Evaluator.statedPosterTime(of: s.document) == nil, "nothing stated: the scene's end")
        s.ok("canvas duration=2.5")
        #expect(Evaluator.statedPosterTime(of: s.document) == 2.5)
        #expect(Evaluator(document: s.document).posterTime == 2.5)
        s.ok("canvas duration=fade.end + 1")
        #expect(Evaluator.statedPosterTime(of: s.document) == nil, "a named time needs the evaluator")
        #expect(Evaluator(document: s.document).posterTime == 4)
        s.ok("canvas poster=0.5")
        #expect(Evaluator.statedPosterTime(of: s.document) == 0.5)
    }

    @Test func otherExtensionsAreRefused() {
        var s = Session.test()
        #expect(s.fails("layer a; save notes.txt").contains("save writes a .json project or a .lab script"))
    }

    @Test func aDocumentNoCommandCanStateIsNotSavedAsAScript() {
        // A group child on another layer than its group: a project can hold it, a script cannot.
        var doc = Document()
        doc.layers = [Layer(name: "a", kind: .layer), Layer(name: "b", kind: .layer)]
        let child = Animation(name: "", layer: "b", body: .basic(.init(keyPath: "opacity", to: .number(0))))
        doc.animations = [Animation(name: "g", layer: "a", body: .group(.init(children: [child])))]
        let files = MemoryFiles()
        var s = Session.test(files: files)
        s.history = History(initial: doc)
        #expect(s.fails("save x.lab").contains("save it as .json"))
        #expect(files.files["x.lab"] == nil)
    }

    @Test func editAsksForTheScriptAndReplacesAsOneStep() throws {
        var s = Session.test()
        s.ok("layer a opacity=0.5; animate a opacity to=1 as fade")
        var request: EditRequest?
        for case .effect(.edit(let r)) in s.run("edit", name: "<t>").responses { request = r }
        let r = try #require(request)
        #expect(r.fileName == "document.lab" && r.script == ScriptWriter.script(for: s.document))
        let before = s.document
        let edited = r.script + "layer b\n"
        #expect(s.replaceDocument(withScript: edited, name: "document.lab").diagnostic == nil)
        #expect(s.document.layer(named: "b") != nil && s.document.layer(named: "a") != nil)
        #expect(s.history.entries.last?.label == "edit")
        s.ok("undo")
        #expect(s.document == before)
    }

    @Test func aBrokenEditChangesNothingAndPointsIntoTheFile() {
        var s = Session.test()
        s.ok("layer a")
        let before = (s.document, s.history.entries.count)
        let d = s.replaceDocument(withScript: "layer b\nset b opacty=1\n", name: "/tmp/x/document.lab").diagnostic
        #expect(d?.file == "/tmp/x/document.lab" && d?.line == 2)
        #expect(s.document == before.0 && s.history.entries.count == before.1)
    }
}

/// A named change that sets nothing is a named moment (what a Lottie marker without a span
/// becomes): time expressions can use it, and a saved script keeps it.
@Suite struct NamedMomentTests {
    @Test func aNamedChangeThatSetsNothingIsAMoment() {
        var s = Session.test()
        s.ok("layer box bounds=rect(0, 0, 10, 10)")
        s.ok("at 1.5 set box as beat")
        s.ok("animate box opacity from=1 to=0 beginTime=beat.begin + 0.5 duration=1 as fade")
        #expect(s.ok("inspect box.opacity at=2.5").contains("box.opacity = 0.5"))
        #expect(s.fails("at 2 set box").contains("prop=value"))
        let script = ScriptWriter.script(for: s.document)
        #expect(script.contains("at 1.5 set box as beat"))
        var replay = Session.test()
        #expect(replay.runScript(script, name: "saved").diagnostic == nil)
        #expect(replay.document == s.document)
    }
}
