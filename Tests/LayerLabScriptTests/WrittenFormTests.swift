import LayerLabCore
import Testing
@testable import LayerLabScript

/// `save x.lab` and `edit` give back the lines the user typed: values as they were spelled
/// (`circle(…)`, `red`, `90deg`, `300ms`), attributes in the order they were typed, made-up
/// names left to be made up again. What was computed prints as it is stored.
struct WrittenFormTests {
    static let typed = """
        path large = oval(2.5, 17.5, 95, 95)
        shape dot position=(100, 100) path=circle(0, 0, 30) fillColor=red strokeColor=#f00 shadowOffset=size(0, -3)
        shape o path=large fillColor=rgb(10, 20, 30) lineWidth=2
        animate dot transform.scale from=0.2 to=1 duration=0.6 timingFunction=easeOut as grow
        animate dot opacity from=1 to=0.3 beginTime=after grow duration=0.4 autoreverses=true repeatCount=inf
        animate dot transform.rotation.z to=90deg duration=300ms as spin
        keyframes o transform.rotation.z values=[0deg, 45deg, 1turn] duration=1 beginTime=spin.end + 100ms as k2
        at 500ms set dot fillColor=blue animated as flip
        """

    @Test func aTypedScriptComesBackLineForLine() throws {
        let files = MemoryFiles()
        var s = Session.test(files: files)
        s.ok(Self.typed)
        s.ok("save x.lab")
        let saved = String(decoding: try #require(files.files["x.lab"]), as: UTF8.self)
        #expect(saved == ScriptWriter.header + "\n" + Self.typed + "\n")
        // load → save gives the same bytes again.
        var t = Session.test(files: files)
        t.ok("load x.lab")
        t.ok("save! y.lab")
        #expect(files.files["y.lab"] == files.files["x.lab"])
        #expect(t.document == s.document)
    }

    @Test func theCanvasLineStaysWhenItWasTyped() {
        var s = Session.test()
        s.ok("canvas size=200x200 background=white\nlayer a")
        #expect(ScriptWriter.script(for: s.document).contains("\ncanvas size=200x200 background=white\n"))
    }

    /// A spelling whose value has since changed behind its back is not printed.
    @Test func aStaleSpellingIsNotPrinted() {
        var s = Session.test()
        s.ok("shape dot path=circle(0, 0, 30) fillColor=red")
        var doc = s.document
        doc.layers[0].properties["fillColor"] = .color(Color(0, 0, 1))
        let script = ScriptWriter.script(for: doc)
        #expect(script.contains("fillColor=#0000ffff") && !script.contains("fillColor=red"))
        #expect(script.contains("path=circle(0, 0, 30)"))
    }

    @Test func aNewValueReplacesTheSpelling() {
        var s = Session.test()
        s.ok("shape dot path=circle(0, 0, 30) fillColor=red")
        s.ok("set dot fillColor=#00ff00ff path=rect(0, 0, 4, 4)")
        let script = ScriptWriter.script(for: s.document)
        #expect(script.contains("path=rect(0, 0, 4, 4) fillColor=#00ff00ff"))
        s.ok("set dot.fillColor = lime")
        #expect(ScriptWriter.script(for: s.document).contains("fillColor=lime"))
    }

    /// Computed values (a document from elsewhere) print as they are stored.
    @Test func computedValuesPrintAsStored() {
        var doc = Document()
        doc.layers = [Layer(name: "dot", kind: .shape, properties: ["path": .path(Path.circle(center: .zero, radius: 10))])]
        let script = ScriptWriter.script(for: doc)
        #expect(script.contains("path=svg(\"M 10 0 C"))
        #expect(!script.contains("canvas"), "a canvas left as it starts needs no line")
    }

    /// Spelling is not substance: the same scene typed two ways is the same document.
    @Test func spellingsDoNotMakeDocumentsDiffer() {
        var a = Session.test(), b = Session.test()
        a.ok("shape dot fillColor=red transform.rotation.z=90deg")
        b.ok("shape dot fillColor=#ff0000 transform.rotation.z=1.5707963267948966")
        #expect(a.document == b.document)
    }
}
