import Foundation
import LayerLabCore
import LayerLabProject
import Testing

/// Transitions in project files: saved and read back exactly; bad ones refused with their place.
@Suite struct TransitionProjectTests {
    static func document() throws -> Document {
        var doc = Document()
        try doc.addLayer(Layer(name: "card", kind: .layer, properties: ["bounds": .rect(Rect(0, 0, 50, 40))]))
        try doc.addEvent(Event(name: "flip", time: .number(1.2), layer: "card",
                               assignments: [Assignment(keyPath: "backgroundColor", value: .color(.white))],
                               transition: Transition(type: .reveal, subtype: .fromBottom, duration: 0.35,
                                                      timingFunction: .cubic(0.1, 0.2, 0.3, 1.4),
                                                      startProgress: 0.25, endProgress: 0.75)))
        try doc.addEvent(Event(name: "fade", time: .number(2), layer: "card",
                               assignments: [Assignment(keyPath: "opacity", value: .number(0.5))],
                               transition: Transition(type: .fade)))
        return doc
    }

    @Test func roundTrip() throws {
        let doc = try Self.document()
        let data = ProjectFile.encode(doc)
        let back = try ProjectFile.decode(data)
        #expect(back.events.map(\.transition) == doc.events.map(\.transition))
        #expect(ProjectFile.encode(back) == data)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"transition\""))
    }

    func error(_ replace: String, with new: String) throws -> String {
        let text = String(decoding: ProjectFile.encode(try Self.document()), as: UTF8.self)
        #expect(text.contains(replace), "'\(replace)' not in the file")
        do {
            _ = try ProjectFile.decode(Data(text.replacingOccurrences(of: replace, with: new).utf8))
            Issue.record("accepted")
            return ""
        } catch { return error.description }
    }

    @Test func badTransitionsAreRefusedWithTheirPlace() throws {
        #expect(try error("\"reveal\"", with: "\"slide\"").contains("line "))
        #expect(try error("\"reveal\"", with: "\"slide\"").contains("transition.type"))
        #expect(try error("\"fromBottom\"", with: "\"fromNowhere\"").contains("subtype"))
        #expect(try error("\"endProgress\": 0.75", with: "\"endProgress\": 0.1").contains("must not be less than startProgress"))
        #expect(try error("\"duration\": 0.35", with: "\"duration\": -1").contains("transition.duration"))
        #expect(try error("\"type\": \"fade\"", with: "\"type\": \"fade\", \"subtype\": \"fromLeft\"").contains("a fade has no subtype"))
        #expect(try error("\"type\": \"fade\"", with: "\"type\": \"fade\", \"speed\": 2").contains("speed"))
    }

    @Test func valueFunctionRoundTrip() throws {
        var doc = try Self.document()
        var b = Animation.Basic(keyPath: "transform", from: .number(0), to: .number(6.5))
        b.valueFunction = .rotateY
        try doc.addAnimation(Animation(name: "spin", layer: "card", body: .basic(b)))
        var k = Animation.Keyframes(keyPath: "transform", values: [.list([.number(1), .number(2), .number(3)]), .list([.number(0), .number(0), .number(1)])])
        k.valueFunction = .scale
        try doc.addAnimation(Animation(name: "squash", layer: "card", body: .keyframes(k)))
        let data = ProjectFile.encode(doc)
        let back = try ProjectFile.decode(data)
        #expect(back.animations == doc.animations)
        let text = String(decoding: data, as: UTF8.self)
        do {
            _ = try ProjectFile.decode(Data(text.replacingOccurrences(of: "\"rotateY\"", with: "\"spin\"").utf8))
            Issue.record("accepted")
        } catch { #expect(error.description.contains("valueFunction")) }
        do {
            _ = try ProjectFile.decode(Data(text.replacingOccurrences(of: "\"to\": 6.5", with: "\"to\": [6.5]").utf8))
            Issue.record("accepted")
        } catch { #expect(error.description.contains("line ")) }
    }
}
