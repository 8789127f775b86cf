@testable import LayerLabCore
import Testing

/// The shared storage a frame is built on behaves as plain values: a presented layer's boxed
/// fields are copied on write, and a layer's slots read what was written over what is stored.
@Suite struct FrameStorageTests {
    @Test func presentedLayersStayIndependentCopies() {
        var a = PresentedLayer(name: "a", kind: .text)
        a.extras.string = "hello"
        var b = a
        b.extras.string = "bye"
        b.extras.shadowOpacity = 0.5
        b.extras.mask = [PresentedLayer(name: "m", kind: .shape)]
        #expect(a.extras.string == "hello" && a.extras.shadowOpacity == 0 && a.extras.mask.isEmpty)
        #expect(b.extras.string == "bye" && b.extras.shadowOpacity == 0.5 && b.extras.mask.count == 1)
        #expect(a != b)
        b.extras.string = "hello"; b.extras.shadowOpacity = 0; b.extras.mask = []
        #expect(a == b && a.hashValue == b.hashValue)
    }

    /// `position.x` and the like read and write their number inside the stored point or
    /// rectangle: the first write starts from the stored value (or the table's default), later
    /// ones change the written value in place, and the other components stay.
    @Test func numberComponentsReadAndWriteTheirPart() {
        func slots(_ kp: String) -> LayerKeyPath.SlotAccess { LayerKeyPath.resolve(kp, for: .shape)!.slots }
        let pos = PropertyTable.index(of: "position")!, bounds = PropertyTable.index(of: "bounds")!
        let anchor = PropertyTable.index(of: "anchorPoint")!
        let x = slots("position.x"), y = slots("position.y"), w = slots("bounds.size.width")
        let h = slots("bounds.size.height"), ox = slots("bounds.origin.x"), oy = slots("bounds.origin.y")
        var props = PropertySlots(["position": .point(Point(3, 4)), "bounds": .rect(Rect(1, 2, 30, 40))])
        #expect(x.readNumber(props) == 3 && y.readNumber(props) == 4)
        #expect(w.readNumber(props) == 30 && h.readNumber(props) == 40 && ox.readNumber(props) == 1 && oy.readNumber(props) == 2)
        x.writeNumber(10, into: &props)
        y.writeNumber(20, into: &props)
        w.writeNumber(5, into: &props)
        oy.writeNumber(-1, into: &props)
        #expect(props[pos] == .point(Point(10, 20)))
        #expect(props[bounds] == .rect(Rect(1, -1, 5, 40)))
        #expect(props.written.count == 2 && x.readNumber(props) == 10 && oy.readNumber(props) == -1)
        // Unset: from the table's default.
        var empty = PropertySlots([:])
        slots("anchorPoint.y").writeNumber(0.25, into: &empty)
        guard case .point(let a)? = PropertyTable.defaults[anchor] as Value? else { Issue.record("anchorPoint default"); return }
        #expect(empty[anchor] == .point(Point(a.x, 0.25)))
        // A value of another type has no such number, and stays as it is.
        var odd = PropertySlots(["position": .string("p")])
        x.writeNumber(1, into: &odd)
        #expect(odd[pos] == .string("p") && x.readNumber(odd) == nil)
        // The general write (a `Value`) agrees.
        var general = PropertySlots(["position": .point(Point(3, 4))])
        x.write(.number(10), into: &general)
        y.write(.number(20), into: &general)
        #expect(general[pos] == .point(Point(10, 20)))
    }

    @Test func boxedFieldsAreDefaultOnlyWhileTheDefaultBoxIsShared() {
        var a = PresentedLayer(name: "a", kind: .shape)
        #expect(a.boxedFieldsAreDefault)
        #expect(a.extras.mask.isEmpty && a.extras.isDoubleSided && a.extras.shadowOpacity == 0 && a.isFlat)
        var b = a
        b.extras.shadowOpacity = 0.5
        #expect(!b.boxedFieldsAreDefault && a.boxedFieldsAreDefault)
        b.extras.shadowOpacity = 0
        #expect(!b.boxedFieldsAreDefault, "a written box is no longer known to be the default")
        a.extras.rotationX = 0.1
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
        let labels = PropertyTableTests.fields(PresentedLayer(name: "a", kind: .shape)).map(\.name)
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
