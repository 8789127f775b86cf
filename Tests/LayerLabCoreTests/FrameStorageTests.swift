@testable import LayerLabCore
import Testing

/// The shared storage a frame is built on behaves as plain values: a presented layer's boxed
/// fields are copied on write, and a layer's slots read what was written over what is stored.
@Suite struct FrameStorageTests {
    @Test func presentedLayersStayIndependentCopies() {
        var a = PresentedLayer(name: "a", kind: .text)
        a.string = "hello"
        var b = a
        b.string = "bye"
        b.shadowOpacity = 0.5
        b.mask = [PresentedLayer(name: "m", kind: .shape)]
        #expect(a.string == "hello" && a.shadowOpacity == 0 && a.mask.isEmpty)
        #expect(b.string == "bye" && b.shadowOpacity == 0.5 && b.mask.count == 1)
        #expect(a != b)
        b.string = "hello"; b.shadowOpacity = 0; b.mask = []
        #expect(a == b && a.hashValue == b.hashValue)
    }

    @Test func boxedFieldsAreDefaultOnlyWhileTheDefaultBoxIsShared() {
        var a = PresentedLayer(name: "a", kind: .shape)
        #expect(a.boxedFieldsAreDefault)
        #expect(a.mask.isEmpty && a.isDoubleSided && a.shadowOpacity == 0 && a.isFlat)
        var b = a
        b.shadowOpacity = 0.5
        #expect(!b.boxedFieldsAreDefault && a.boxedFieldsAreDefault)
        b.shadowOpacity = 0
        #expect(!b.boxedFieldsAreDefault, "a written box is no longer known to be the default")
        a.rotationX = 0.1
        #expect(!a.boxedFieldsAreDefault && !a.isFlat)
        #expect(!PresentedLayer(name: "e", kind: .emitter).boxedFieldsAreDefault)
        // A plain animated shape, as the evaluator presents it, keeps the shared box.
        var d = Document()
        d.layers = [Layer(name: "s", kind: .shape, properties: ["path": .path(.circle(center: .zero, radius: 3))])]
        var t = MediaTiming()
        t.duration = 1
        d.animations = [Animation(name: "f", layer: "s", timing: t,
                                  body: .basic(.init(keyPath: "opacity", from: .number(0), to: .number(1))))]
        #expect(Evaluator(document: d).scene(at: 0.5).layers[0].boxedFieldsAreDefault)
    }

    @Test func aPresentedLayerReflectsEveryFieldOnce() {
        let labels = Mirror(reflecting: PresentedLayer(name: "a", kind: .shape)).children.compactMap(\.label)
        #expect(Set(labels).count == labels.count)
        for field in ["name", "position", "rotationX", "transformMatrix", "shadowPath", "lineDashPattern", "string",
                      "contents", "gradientColors", "replicator", "emission", "sublayers", "mask"] {
            #expect(labels.contains(field), "\(field)")
        }
    }

    @Test func slotsReadWritesOverStoredValues() {
        let stored = PropertySlots(["opacity": .number(0.5), "position": .point(Point(1, 2))])
        var props = PropertySlots()
        props.assign(stored)
        let opacity = PropertyTable.index(of: "opacity")!, position = PropertyTable.index(of: "position")!
        let last = PropertyTable.all.count - 1
        #expect(props.number(opacity) == 0.5 && !props.isWritten(opacity))
        props.set(opacity, .number(0.25))
        props.set(last, .number(7))
        #expect(props.number(opacity) == 0.25 && props.isWritten(opacity) && props.written(opacity) == .number(0.25))
        #expect(props[last] == .number(7) && props.isWritten(last))
        #expect(props[position] == .point(Point(1, 2)) && !props.isWritten(position))
        #expect(stored[opacity] == .number(0.5), "the stored slots are shared, never written")
        props.assign(stored)
        #expect(props.number(opacity) == 0.5 && props[last] == nil && props.written.isEmpty)
    }
}
