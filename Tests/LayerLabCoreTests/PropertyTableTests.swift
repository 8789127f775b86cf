@testable import LayerLabCore
import TestSupport
import Testing

/// The property table is the only place defaults are written; what reads them must agree.
@Suite struct PropertyTableTests {
    /// A fresh presentation layer holds every table default (its field initial values are
    /// placeholders only).
    @Test(arguments: PropertyTable.all.filter { $0.present != nil }.map(\.name))
    func presentedLayerStartsAtTheDefault(_ name: String) throws {
        let spec = try #require(PropertyTable.spec(name))
        let fresh = PresentedLayer(name: "a", kind: .shape)
        var applied = fresh
        _ = spec.present?(&applied, spec.defaultValue)
        #expect(applied == fresh)
    }

    /// Every field of a presentation layer, the boxed ones (`extras`) included, by name.
    static func fields(_ layer: PresentedLayer) -> [(name: String, value: AnyHashable)] {
        var out: [(name: String, value: AnyHashable)] = []
        for child in Mirror(reflecting: layer).children {
            guard let label = child.label else { continue }
            if child.value is PresentedLayer.ExtrasBox {
                for boxed in Mirror(reflecting: child.value).children {
                    if let name = boxed.label, let value = boxed.value as? AnyHashable { out.append((name, value)) }
                }
            } else if let value = child.value as? AnyHashable {
                out.append((label, value))
            }
        }
        return out
    }

    /// The fields the evaluator fills in itself rather than copying from one table line: the
    /// matrices built from transform steps, the replicator's copies, the particles, the mask.
    static let evaluatorFields: Set<String> = ["name", "kind", "sublayers", "transformMatrix", "sublayerTransform",
                                               "replicator", "emission", "mask", "isolatesBlending"]

    /// Built from the table and the fields themselves: each drawn line writes exactly one
    /// field on every kind that has it, no two lines write the same field, and every field
    /// is written by a line or is one the evaluator fills in. A line whose closure writes
    /// nothing (or the wrong field), or a field no line draws, fails here.
    @Test func everyLineDrawsOneFieldAndEveryFieldHasALine() throws {
        var writer: [String: String] = [:]
        for spec in PropertyTable.all where spec.present != nil {
            for kind in LayerKind.allCases where spec.applies(to: kind) {
                let fresh = PresentedLayer(name: "a", kind: kind)
                let value = PropertySamples.sample(spec)
                var applied = fresh
                #expect(spec.present?(&applied, value) == true, "\(spec.name) refused \(value)")
                let before = Self.fields(fresh), after = Self.fields(applied)
                #expect(before.map(\.name) == after.map(\.name))
                let changed = zip(before, after).filter { $0.value != $1.value }.map(\.0.name)
                #expect(changed.count == 1, "\(spec.name) = \(value) on a \(kind.rawValue) changed \(changed)")
                for field in changed {
                    if let other = writer[field], other != spec.name { Issue.record("\(spec.name) and \(other) both write \(field)") }
                    writer[field] = spec.name
                }
            }
        }
        let all = Self.fields(PresentedLayer(name: "a", kind: .shape)).map(\.name)
        #expect(Set(all).count == all.count, "a field is listed twice: \(all)")
        for field in all where !Self.evaluatorFields.contains(field) {
            #expect(writer[field] != nil, "no table line draws the field \(field)")
        }
        for field in Self.evaluatorFields {
            #expect(all.contains(field), "\(field) is no longer a field")
            #expect(writer[field] == nil, "\(field) is drawn by the line \(writer[field] ?? "")")
        }
    }

    /// Each line's Swift mapping spells values of the line's type (a boolean property is
    /// never written as a number), and transform components are numbers.
    @Test func swiftMappingsSpellTheirTypes() {
        for spec in PropertyTable.all {
            for kind in LayerKind.allCases where spec.applies(to: kind) {
                switch spec.swift(for: kind) {
                case .property(let type, let name):
                    #expect(type.spells(spec.type), "\(spec.name) on a \(kind.rawValue): \(type) for \(spec.type)")
                    #expect(name != spec.name, "\(spec.name): `as:` repeats the name")
                case .keyPath: #expect(spec.type == .number, "\(spec.name)")
                case .step: break
                }
            }
        }
    }

    /// An unset layer draws exactly as a layer with every default stored.
    @Test(arguments: LayerKind.allCases)
    func unsetDrawsLikeDefaults(_ kind: LayerKind) {
        var bare = Document(), full = Document()
        // A cell is not drawn itself: compare the emitter holding it.
        func tree(_ l: Layer) -> [Layer] { kind == .emitterCell ? [Layer(name: "e", kind: .emitter, sublayers: [l])] : [l] }
        bare.layers = tree(Layer(name: "a", kind: kind))
        var props: [String: Value] = [:]
        for spec in PropertyTable.properties(for: kind) where spec.defaultValue(for: kind) != .null {
            props[spec.name] = spec.defaultValue(for: kind)
        }
        full.layers = tree(Layer(name: "a", kind: kind, properties: props))
        let a = Evaluator(document: bare).scene(at: 0.5), b = Evaluator(document: full).scene(at: 0.5)
        #expect(a == b)
        if kind == .emitterCell {
            #expect(a.layers.first?.extras.emission?.particles == [])
        } else {
            #expect(a.layers.first == PresentedLayer(name: "a", kind: kind))
        }
    }

    /// Closed sets are the enum's cases, so the table cannot list a word the renderer lacks.
    /// `applies(to:)` reads a mask built from `kinds`: it must say what the set says, with
    /// nil meaning every kind of layer and no cells.
    @Test func appliesAgreesWithTheKindsItNames() {
        for spec in PropertyTable.all {
            for kind in LayerKind.allCases {
                #expect(spec.applies(to: kind) == (spec.kinds?.contains(kind) ?? kind.isLayer), "\(spec.name) on \(kind)")
            }
        }
        let bits = LayerKind.allCases.map(\.bit)
        #expect(Set(bits).count == bits.count && bits.allSatisfy { $0.nonzeroBitCount == 1 })
    }

    @Test func wordsComeFromEnums() {
        #expect(PropertyTable.spec("lineCap")?.type == .word(LineCap.allCases.map(\.rawValue)))
        #expect(PropertyTable.spec("contentsGravity")?.completions == ContentsGravity.allCases.map(\.rawValue))
        #expect(PropertyTable.spec("hidden")?.completions == ["true", "false"])
    }

    @Test func rangesRead() {
        #expect(ValueRange.nonNegative.requirement == "must be 0 or more")
        #expect(ValueRange.positive.requirement == "must be more than 0")
        #expect(ValueRange.unit.requirement == "must be from 0 to 1")
        #expect(ValueRange.nonNegativeOrInfinite.requirement == "must be 0 or more (or inf)")
        #expect(ValueRange.nonNegativeOrInfinite.contains(.infinity))
        #expect(!ValueRange.nonNegative.contains(.infinity))
        #expect(!ValueRange.positive.contains(0))
        #expect(ValueRange.nonNegative.violation(in: .rect(Rect(-5, -5, 1, -2)))?.component == 3)
        #expect(ValueRange.nonNegative.violation(in: .list([.number(1), .number(-1)]))?.component == 1)
        #expect(ValueRange.nonNegative.violation(in: .number(0)) == nil)
    }
}
