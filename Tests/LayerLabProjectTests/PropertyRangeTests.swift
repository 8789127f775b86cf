import Foundation
import LayerLabCore
import LayerLabProject
import LayerLabScript
import Testing

/// A property's range comes from one place, the property table, so `set`, scheduled events,
/// project files and the random document generator must agree on every property.
@Suite struct PropertyRangeTests {
    /// Every ranged property with a value just outside its range, on a layer kind that has it.
    struct Case: CustomStringConvertible, Sendable {
        var spec: String
        var kind: LayerKind
        var bad: Double

        var description: String { "\(spec)=\(bad)" }
        var property: PropertySpec { PropertyTable.spec(spec)! }

        /// The bad number in the property's own type, as a value and as command text.
        var value: (Value, String) {
            let b = bad, t = b.isInfinite ? "inf" : "\(b)"
            switch property.type {
            case .rect: return (.rect(Rect(0, 0, b, 1)), "rect(0, 0, \(t), 1)")
            case .point: return (.point(Point(b, 0)), "(\(t), 0)")
            case .size: return (.size(Size(b, 1)), "size(\(t), 1)")
            case .numberList: return (.list([.number(1), .number(b)]), "[1, \(t)]")
            default: return (.number(b), t)
            }
        }
    }

    static let cases: [Case] = PropertyTable.all.compactMap { spec in
        let r = spec.range
        guard r != .finite, let kind = LayerKind.allCases.first(where: spec.applies) else { return nil }
        if let lo = r.lowerBound { return Case(spec: spec.name, kind: kind, bad: r.includesLowerBound ? lo - 3 : lo) }
        return r.upperBound.map { Case(spec: spec.name, kind: kind, bad: $0 + 3) }
    }

    @Test func thereAreRangedProperties() {
        #expect(PropertyRangeTests.cases.map(\.spec).contains("lineWidth"))
        #expect(PropertyRangeTests.cases.count >= 8)
    }

    func session() -> Session { Session(files: SessionProjectTests.MemoryFiles(), codec: SessionProjectTests.Codec()) }

    /// `set s lineWidth=-3` used to be accepted, saved, and then refused on load.
    @Test func setRefusesWhatLoadRefuses() throws {
        var s = session()
        _ = s.run("shape s", name: "<test>")
        let d = try #require(s.run("set s lineWidth=-3", name: "<test>").diagnostic)
        #expect(d.description.contains("lineWidth must be 0 or more, found -3"), "\(d)")
        #expect(s.document.layer(named: "s")?.properties["lineWidth"] == nil)
        for text in ["set s bounds.size.width=-1", "set s bounds=rect(0, 0, 10, -1)", "set s lineDashPattern=[2, -1]",
                     "at 1 set s lineWidth=-3", "set s lineWidth=-3 animated"] {
            #expect(s.run(text, name: "<test>").diagnostic != nil, "\(text) should be refused")
        }
        // Components outside the range's reach stay free: an origin may be anywhere.
        #expect(s.run("set s bounds.origin.x=-5 lineWidth=0", name: "<test>").diagnostic == nil)
    }

    @Test(arguments: cases)
    func setAndLoadAgree(_ c: Case) throws {
        let (value, text) = c.value
        // The editor refuses it...
        var s = session()
        // A cell lives in an emitter.
        let isCell = c.kind == .emitterCell
        _ = s.run(isCell ? "emitter em { cell a }" : "\(c.kind.rawValue) a", name: "<test>")
        let d = s.run("set a \(c.spec)=\(text)", name: "<test>").diagnostic
        let message = d?.description ?? ""
        #expect(message.contains(": \(c.spec)") && message.contains(c.property.range.requirement), "\(message)")
        // ...and so does the decoder, for a stored property and for a scheduled event.
        var doc = Document()
        func tree(_ props: [String: Value]) -> [Layer] {
            let a = Layer(name: "a", kind: c.kind, properties: props)
            return isCell ? [Layer(name: "em", kind: .emitter, sublayers: [a])] : [a]
        }
        doc.layers = tree([c.spec: value])
        #expect(loadError(doc)?.kind == .outOfRange)
        doc.layers = tree([:])
        doc.events = [Event(name: "e", time: .number(1), layer: "a", assignments: [Assignment(keyPath: c.spec, value: value)])]
        let e = loadError(doc)
        #expect(e?.kind == .outOfRange)
        #expect(e?.description.contains("out of range: \(c.property.range.requirement)") == true, "\(String(describing: e))")
    }

    /// Why the saved document does not load, or nil when it does.
    func loadError(_ doc: Document) -> ProjectFileError? {
        do { _ = try ProjectFile.decode(ProjectFile.encode(doc)); return nil } catch { return error }
    }

    /// Whatever the generator stores, the editor accepts: the round trip covers only documents
    /// a user could have made.
    @Test func generatedDocumentsPassTheEditorsChecks() throws {
        for seed in UInt64(0)..<100 {
            var gen = DocumentGenerator(seed: seed)
            let doc = gen.document()
            func visit(_ l: Layer) {
                for (name, v) in l.properties {
                    guard let kp = LayerKeyPath.resolve(name, for: l.kind) else { Issue.record("seed \(seed): \(name)"); continue }
                    #expect(throws: Never.self, "seed \(seed): \(l.name).\(name)") {
                        try doc.checkStoredValue(v, for: kp, layer: l.name)
                    }
                }
                l.sublayers.forEach(visit)
            }
            doc.layers.forEach(visit)
            for e in doc.events {
                let kind = try #require(doc.layer(named: e.layer)?.kind)
                for a in e.assignments {
                    let kp = try #require(LayerKeyPath.resolve(a.keyPath, for: kind))
                    #expect(throws: Never.self, "seed \(seed): event \(e.name) \(a.keyPath)") {
                        try doc.checkStoredValue(a.value, for: kp, layer: e.layer)
                    }
                }
            }
        }
    }
}
