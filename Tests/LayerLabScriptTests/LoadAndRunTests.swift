import LayerLabCore
import Testing
@testable import LayerLabScript

/// `load` opens a file (the document becomes the file's); `run` adds a script's commands to
/// the document that is open; `new` is a clean start.
struct LoadAndRunTests {
    @Test func loadingASavedScriptOpensIt() {
        let files = MemoryFiles()
        var s = Session.test(files: files)
        s.ok("shape dot path=circle(0, 0, 10)\nsave d.lab")
        s.ok("load d.lab")
        #expect(s.document.allLayers.map(\.layer.name) == ["dot"])
        #expect(!s.isDirty)
        s.ok("layer extra")
        s.ok("load d.lab")
        #expect(s.document.allLayers.map(\.layer.name) == ["dot"], "the old layers are gone, not beside the new ones")
        s.ok("undo")
        #expect(s.document.allLayers.map(\.layer.name) == ["dot", "extra"], "loading is one undo step")
    }

    @Test func loadReplacesTheDocumentForScriptsAsForProjects() {
        let files = MemoryFiles(["a.lab": "layer a\nlayer b in a\nset b opacity=0.5\n"])
        var s = Session.test(files: files)
        s.ok("layer old\nsave p.json")
        s.ok("layer other")
        s.ok("load a.lab")
        #expect(s.document.allLayers.map(\.layer.name) == ["a", "b"])
        #expect(s.fileName == "a.lab", "a bare save writes back to the file opened")
        s.ok("load p.json")
        #expect(s.document.allLayers.map(\.layer.name) == ["old"])
    }

    @Test func aBrokenScriptChangesNothing() {
        let files = MemoryFiles(["bad.lab": "layer c\nset c opacity=x\n"])
        var s = Session.test(files: files)
        s.ok("layer keep")
        let before = s.history
        #expect(s.fails("load bad.lab").hasPrefix("bad.lab:2:"))
        #expect(s.history == before)
        #expect(s.fails("run bad.lab").hasPrefix("bad.lab:2:"))
        #expect(s.history == before)
    }

    @Test func runAddsAScriptToTheOpenDocument() {
        let files = MemoryFiles(["extras.lab": "shape star in box path=circle(0, 0, 4)\n"])
        var s = Session.test(files: files)
        s.ok("layer box")
        s.ok("run extras.lab")
        #expect(s.document.allLayers.map(\.layer.name) == ["box", "star"])
        #expect(s.history.entries.count == 3, "the whole script is one step")
        s.ok("undo")
        #expect(s.document.allLayers.map(\.layer.name) == ["box"])
        #expect(s.fails("run p.json").contains("run takes a .lab script"))
    }

    @Test func openIntoRunsScriptsOneAfterAnother() {
        let files = MemoryFiles(["a.lab": "layer a\n", "b.lab": "layer b\n"])
        var s = Session.test(files: files)
        #expect(s.open("a.lab", into: true).diagnostic == nil)
        #expect(s.open("b.lab", into: true).diagnostic == nil)
        #expect(s.document.allLayers.map(\.layer.name) == ["a", "b"])
        #expect(s.open("b.lab").diagnostic == nil)
        #expect(s.document.allLayers.map(\.layer.name) == ["b"])
    }

    @Test func newIsNotAnUnsavedChange() {
        var s = Session.test()
        s.ok("layer a")
        #expect(s.isDirty)
        s.ok("new")
        #expect(!s.isDirty, "nothing in an empty document to lose")
        s.ok("undo")
        #expect(s.document.layer(named: "a") != nil)
    }
}
