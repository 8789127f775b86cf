import Testing
import LayerLabCore
@testable import LayerLabScript

/// Every value form, written on a layer and printed back by `inspect … at=0`, in the form `ValueFormatter` documents.
@Suite struct ValueTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var kind = "shape"
        var keyPath: String
        var written: String
        var printed: String
        var testDescription: String { "\(keyPath)=\(written)" }
    }

    static let cases: [Case] = [
        // Numbers, arithmetic, units.
        Case(keyPath: "opacity", written: "0.5", printed: "0.5"),
        Case(keyPath: "opacity", written: "0.3 + 0.45", printed: "0.75"),
        Case(keyPath: "opacity", written: "(1 - 0.25) / 3", printed: "0.25"),
        Case(keyPath: "lineDashPhase", written: "-(2 * 3)", printed: "-6"),
        Case(keyPath: "lineWidth", written: "1/3", printed: "0.333333"),
        Case(keyPath: "transform.rotation.z", written: "90deg", printed: "1.570796"),
        Case(keyPath: "transform.rotation", written: "0.5turn", printed: "3.141593"),
        Case(keyPath: "transform.rotation.z", written: "2*pi", printed: "6.283185"),
        Case(keyPath: "transform.rotation.z", written: "1", printed: "1"),
        Case(keyPath: "beginTime", written: "300ms", printed: "0.3"),
        Case(keyPath: "position.x", written: "1e2", printed: "100"),
        // Colours.
        Case(keyPath: "fillColor", written: "red", printed: "#ff0000ff"),
        Case(keyPath: "fillColor", written: "green", printed: "#00ff00ff"),
        Case(keyPath: "fillColor", written: "orange", printed: "#ff8000ff"),
        Case(keyPath: "fillColor", written: "darkGray", printed: "#555555ff"),
        Case(keyPath: "fillColor", written: "crimson", printed: "#dc143cff"),
        Case(keyPath: "fillColor", written: "clear", printed: "#00000000"),
        Case(keyPath: "fillColor", written: "#f00", printed: "#ff0000ff"),
        Case(keyPath: "fillColor", written: "#d12a18", printed: "#d12a18ff"),
        Case(keyPath: "fillColor", written: "#11223344", printed: "#11223344"),
        Case(keyPath: "fillColor", written: "rgb(209, 42, 24)", printed: "#d12a18ff"),
        Case(keyPath: "fillColor", written: "rgba(0, 0, 255, 0.5)", printed: "#0000ff80"),
        // Points, sizes, rects.
        Case(keyPath: "position", written: "(10, 20.5)", printed: "(10, 20.5)"),
        Case(keyPath: "position", written: "(-1, 2*3)", printed: "(-1, 6)"),
        Case(keyPath: "bounds.size", written: "30x40", printed: "30x40"),
        Case(keyPath: "bounds", written: "rect(0, 0, 100, 50)", printed: "rect(0, 0, 100, 50)"),
        Case(kind: "layer", keyPath: "frame", written: "rect(10, 10, 20, 20)", printed: "rect(10, 10, 20, 20)"),
        // Paths.
        Case(keyPath: "path", written: "rect(0, 0, 10, 20)", printed: "M 0 0 L 10 0 L 10 20 L 0 20 Z"),
        Case(keyPath: "path", written: "oval(0, 0, 0, 0)", printed: "M 0 0 C 0 0 0 0 0 0 C 0 0 0 0 0 0 C 0 0 0 0 0 0 C 0 0 0 0 0 0 Z"),
        Case(keyPath: "path", written: "circle(0, 0, 1)",
             printed: "M 1 0 C 1 0.552285 0.552285 1 0 1 C -0.552285 1 -1 0.552285 -1 0 C -1 -0.552285 -0.552285 -1 0 -1 C 0.552285 -1 1 -0.552285 1 0 Z"),
        Case(keyPath: "path", written: "polygon((0,0), (10,0), (5,5))", printed: "M 0 0 L 10 0 L 5 5 Z"),
        Case(keyPath: "path", written: "line((0,0), (10,10))", printed: "M 0 0 L 10 10"),
        Case(keyPath: "path", written: "svg(\"M0 0 h10 v10 z\")", printed: "M 0 0 L 10 0 L 10 10 Z"),
        Case(keyPath: "path", written: "arc(0, 0, 10, 0, 90deg, true)", printed: "M 10 0 C 10 5.522847 5.522847 10 0 10"),
        Case(keyPath: "path", written: "roundedRect(0, 0, 10, 10, 0)", printed: "M 0 0 L 10 0 L 10 10 L 0 10 Z"),
        // Booleans, words, lists, strings.
        Case(keyPath: "hidden", written: "true", printed: "true"),
        Case(keyPath: "masksToBounds", written: "false", printed: "false"),
        Case(keyPath: "lineCap", written: "round", printed: "round"),
        Case(keyPath: "fillRule", written: "evenOdd", printed: "evenOdd"),
        Case(keyPath: "lineDashPattern", written: "[4, 2]", printed: "[4, 2]"),
        Case(kind: "text", keyPath: "string", written: "\"S\"", printed: "\"S\""),
        Case(kind: "text", keyPath: "string", written: "\"a \\\"q\\\" \\u{41}\"", printed: "\"a \\\"q\\\" A\""),
        Case(kind: "image", keyPath: "frames", written: "[\"0.png\", man1.png]", printed: "[\"0.png\", \"man1.png\"]"),
        // Transforms: one step, a list applied left to right, identity; angles take units.
        Case(kind: "replicator", keyPath: "instanceTransform", written: "rotate(30deg)", printed: "rotate(0.523599)"),
        Case(kind: "replicator", keyPath: "instanceTransform", written: "[translate(10, 0), scale(2)]",
             printed: "[translate(10, 0), scale(2)]"),
        Case(kind: "replicator", keyPath: "instanceTransform", written: "[perspective(500), rotate(0.5, 0, 1, 0)]",
             printed: "[perspective(500), rotate(0.5, 0, 1, 0)]"),
        Case(kind: "replicator", keyPath: "instanceTransform", written: "translate(1, 2, 3)", printed: "translate(1, 2, 3)"),
        Case(kind: "replicator", keyPath: "instanceTransform", written: "identity", printed: "identity"),
        Case(kind: "replicator", keyPath: "instanceTransform", written: "[]", printed: "identity"),
        Case(kind: "replicator", keyPath: "instanceDelay", written: "100ms", printed: "0.1"),
        // Gradient lists.
        Case(kind: "gradient", keyPath: "colors", written: "[red, #0000ff80]", printed: "[#ff0000ff, #0000ff80]"),
        Case(kind: "gradient", keyPath: "locations", written: "[-1, 0.5, 2]", printed: "[-1, 0.5, 2]"),
        Case(kind: "gradient", keyPath: "type", written: "conic", printed: "conic"),
    ]

    @Test(arguments: [
        ("rotate(1, 2)", "rotate(angle[, x, y, z]) takes 1 or 4 numbers, found 2"),
        ("perspective(0)", "perspective's distance must be above 0"),
        ("spin(1)", "unknown transform function 'spin'"),
        ("rotate(1s)", "expected an angle, found a time"),
        ("red", "expected a transform"),
    ])
    func badTransformsAreRefused(_ written: String, _ message: String) {
        var s = Session.test()
        s.ok("replicator r")
        let error = s.fails("set r instanceTransform=\(written)")
        #expect(error.contains(message), "\(error)")
        #expect(s.ok("inspect r.instanceTransform at=0") == "r.instanceTransform = identity")
    }

    @Test(arguments: cases)
    func writtenThenInspected(_ c: Case) {
        var s = Session.test()
        s.ok("\(c.kind) a \(c.keyPath)=\(c.written)")
        let keyPath = LayerKeyPath.resolve(c.keyPath, for: LayerKind(rawValue: c.kind))?.name ?? c.keyPath
        #expect(s.ok("inspect a.\(c.keyPath) at=0") == "a.\(keyPath) = \(c.printed)")
    }

    @Test func namedPathsAreReferences() {
        var s = Session.test()
        s.ok("path p = rect(0, 0, 1, 1); shape a path=p")
        s.ok("path p = rect(0, 0, 2, 2)")
        #expect(s.ok("inspect a.path at=0") == "a.path = M 0 0 L 2 0 L 2 2 L 0 2 Z")
        #expect(s.document.layer(named: "a")?.properties["path"] == .pathRef("p"))
    }

    @Test func timeExpressionsStaySymbolic() throws {
        var s = Session.test()
        s.ok("layer a; animate a opacity to=0 duration=1 as fade; at fade.end + 0.1 set a hidden=true as hide")
        s.ok("animate a opacity to=1 beginTime=after fade as back")
        let doc = s.document
        #expect(doc.events.first?.time == .add(.end("fade"), .number(0.1)))
        #expect(doc.animation(named: "back")?.timing.beginTime == .end("fade"))
        #expect(doc.events.first?.time.description == "fade.end + 0.1")
    }
}
