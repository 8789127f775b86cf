import LayerLabCore
import TestSupport
import Testing
@testable import LayerLabRaster

/// Each CATransition type and subtype drawn at its start, middle and end, as golden frames:
/// a card that is pale orange with a black dot on the left before the change and dark blue
/// with a white bar on the right after it (far apart in brightness, so ASCII tells them apart).
@Suite struct TransitionFrameTests {
    static func document(_ t: Transition) -> Document {
        var doc = Document()
        doc.canvas.size = Size(200, 120)
        var card = Layer(name: "card", kind: .layer, properties: [
            "bounds": .rect(Rect(0, 0, 80, 60)), "position": .point(Point(100, 60)),
            "backgroundColor": .color(Color(bytes: 250, 200, 120)),
        ])
        card.sublayers = [Layer(name: "dot", kind: .shape, properties: [
            "path": .path(.circle(center: Point(20, 30), radius: 12)), "fillColor": .color(.black),
        ])]
        doc.layers = [card]
        doc.events = [
            Event(name: "flip", time: .number(1), layer: "card", assignments: [
                Assignment(keyPath: "backgroundColor", value: .color(Color(bytes: 20, 20, 120))),
            ], transition: t),
            Event(name: "bar", time: .number(1), layer: "dot", assignments: [
                Assignment(keyPath: "path", value: .path(.rect(Rect(52, 10, 16, 40)))),
                Assignment(keyPath: "fillColor", value: .color(.white)),
            ]),
        ]
        return doc
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var type: Transition.Kind
        var subtype: Transition.Subtype?
        var testDescription: String { type.rawValue + (subtype.map { "." + $0.rawValue } ?? "") }
    }

    static let cases: [Case] = [Case(type: .fade, subtype: nil)]
        + [Transition.Kind.moveIn, .push, .reveal].flatMap { k in Transition.Subtype.allCases.map { Case(type: k, subtype: $0) } }

    /// Start (the old state in place), middle (half way, linear) and end (the transition is
    /// over: the new state alone).
    @Test(arguments: cases)
    func startMiddleEnd(_ c: Case) {
        let doc = Self.document(Transition(type: c.type, subtype: c.subtype, duration: 0.5))
        var text: [String] = []
        for t in [1.0, 1.25, 1.5] {
            let options = FrameOptions(columns: 50, rows: 15, mode: .ascii, color: .none)
            let grid = FrameRenderer.grid(document: doc, time: t, options: options)
            text.append(goldenText(header: "\(c.testDescription) t=\(t)", rows: grid.plainRows))
        }
        assertGolden(text.joined(separator: "\n"), suite: "TransitionFrameTests", name: c.testDescription)
    }

    /// At its start a transition shows, within the layer's bounds, what the layer showed
    /// before the change (the moving types hold the new picture just outside them: a transition
    /// does not clip), and once over exactly what it shows after: the frames equal those of the
    /// same document with no transition, just before and after the change.
    @Test(arguments: cases)
    func endsMatchTheStates(_ c: Case) {
        let doc = Self.document(Transition(type: c.type, subtype: c.subtype, duration: 0.5))
        var plain = doc
        plain.events[0].transition = nil
        let r = Rasterizer(images: ImageStore())
        let before = r.render(Evaluator(document: plain).scene(at: 0.99), width: 200, height: 120)
        let start = r.render(Evaluator(document: doc).scene(at: 1.0), width: 200, height: 120)
        let end = r.render(Evaluator(document: doc).scene(at: 1.5), width: 200, height: 120)
        let after = r.render(Evaluator(document: plain).scene(at: 1.5), width: 200, height: 120)
        #expect(end == after)
        #expect(Self.maxDifference(start, before, within: (60, 30, 140, 90)) <= 2, "the start differs from the old state")
        let middle = r.render(Evaluator(document: doc).scene(at: 1.25), width: 200, height: 120)
        #expect(Self.maxDifference(middle, before) > 64 && Self.maxDifference(middle, after) > 64)
    }

    static func maxDifference(_ a: Bitmap, _ b: Bitmap, within r: (Int, Int, Int, Int)? = nil) -> Int {
        let (x0, y0, x1, y1) = r ?? (0, 0, a.width, a.height)
        var m = 0
        for y in y0..<y1 {
            for x in x0..<x1 {
                for c in 0..<4 {
                    let i = (y * a.width + x) * 4 + c
                    m = max(m, abs(Int(a.pixels[i]) - Int(b.pixels[i])))
                }
            }
        }
        return m
    }
}
